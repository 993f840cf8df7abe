import { readFileSync } from 'node:fs';
import path from 'node:path';
import { remotesManifestSchema } from '@portal/shared/domain';
import { PRODUCTION_DEFAULTS } from '../functions/src/config';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import {
  pageHeaderOnlyPolicy,
  pageMetaPolicy,
  pagePolicyDirectives,
  parsePolicy,
  REMOTE_SITE_POLICY,
} from '../functions/src/http/security-headers';
import { FAKE_PRODUCTION_ENV } from './fake-production-env';
import { remotesManifestFromEnv, remotesManifestJson } from './webpack/client-config';
import { outputDir, REPO_ROOT, type AppName } from './webpack/app-dirs';
import { createConfig, STYLESHEET_FILE_NAME } from './webpack/create-config';

interface HeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}
interface HostingTarget {
  target: string;
  public: string;
  ignore?: string[];
  rewrites?: { source: string; destination?: string; function?: { functionId: string; region: string } }[];
  headers?: HeaderRule[];
}
interface FirebaseJson {
  hosting: HostingTarget[];
  firestore?: { rules?: string; indexes?: string };
}

const firebaseJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;
const TARGETS: Record<string, AppName> = { shell: 'shell', applicant: 'applicant', admin: 'admin' };

const IMMUTABLE = 'public, max-age=31536000, immutable';

function target(name: string): HostingTarget {
  const found = firebaseJson.hosting.find((candidate) => candidate.target === name);
  if (!found) throw new Error(`firebase.json has no hosting target "${name}"`);
  return found;
}

/** Hosting globs as used here: `**` (any path), `*` (within a segment), literal text. */
function globMatches(glob: string, requestPath: string): boolean {
  const pattern = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^/?${pattern.replace(/^\//, '')}$`).test(requestPath);
}

/** The headers Hosting sends for a request path: every matching rule applies, a later one wins for the same key. */
function headersFor(name: string, requestPath: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of target(name).headers ?? []) {
    const matches = rule.regex ? new RegExp(rule.regex).test(requestPath) : globMatches(rule.source!, requestPath);
    if (matches) for (const { key, value } of rule.headers) result[key] = value;
  }
  return result;
}

/** Rewrites: the first matching rule wins (static files that exist are served before any rewrite). */
function rewriteFor(name: string, requestPath: string) {
  return (target(name).rewrites ?? []).find((rule) => globMatches(rule.source, requestPath));
}

describe('firebase.json hosting', () => {
  test('three targets, each deploying its own bundle directory, so each deploys alone', () => {
    expect(firebaseJson.hosting.map((entry) => entry.target).sort()).toEqual(['admin', 'applicant', 'shell']);
    for (const [name, app] of Object.entries(TARGETS)) {
      expect(path.resolve(REPO_ROOT, target(name).public)).toBe(outputDir(app, {}));
      expect(target(name).ignore).toEqual(expect.arrayContaining(['firebase.json', '**/.*']));
    }
  });

  test("the shell sends /api/** to the function api in the function's default region", () => {
    // The region is a deploy-time param (PORTAL_REGION); a project that changes it changes this rewrite too.
    const region = PRODUCTION_DEFAULTS.PORTAL_REGION;

    for (const apiPath of ['/api/auth/register', '/api/application/save/r1', '/api/health']) {
      expect(rewriteFor('shell', apiPath)).toEqual({ source: '/api/**', function: { functionId: 'api', region } });
    }
  });

  test('every other shell path falls back to the single-page app', () => {
    for (const pagePath of ['/', '/login', '/apply/form/f1', '/admin/dashboard']) {
      expect(rewriteFor('shell', pagePath)).toEqual({ source: '**', destination: '/index.html' });
    }
  });

  test('the remotes serve only their files: no rewrites, no page fallback', () => {
    expect(target('applicant').rewrites ?? []).toEqual([]);
    expect(target('admin').rewrites ?? []).toEqual([]);
  });

  test('content-hashed assets are immutable; the page, the manifest and the remote entries are revalidated', () => {
    expect(headersFor('shell', '/main.a41c534c6f.js')['Cache-Control']).toBe(IMMUTABLE);
    expect(headersFor('shell', '/474.880cd20d3b.js')['Cache-Control']).toBe(IMMUTABLE);
    // antd's stylesheets, named as the scripts are (create-config.ts's MiniCssExtractPlugin).
    expect(headersFor('shell', '/antd-core.f91f5d4690.css')['Cache-Control']).toBe(IMMUTABLE);
    expect(headersFor('shell', '/index.html')['Cache-Control']).toBe('no-cache');
    expect(headersFor('shell', '/remotes.json')['Cache-Control']).toBe('no-cache');
    // Page routes are answered with index.html by the rewrite; headers follow the requested path.
    expect(headersFor('shell', '/')['Cache-Control']).toBe('no-cache');
    expect(headersFor('shell', '/login')['Cache-Control']).toBe('no-cache');
    // The API sets no-store itself; the hosting headers never weaken it.
    expect(headersFor('shell', '/api/auth/register')['Cache-Control']).toBe('no-store');

    for (const remote of ['applicant', 'admin']) {
      expect(headersFor(remote, '/remoteEntry.js')['Cache-Control']).toBe('no-cache');
      expect(headersFor(remote, '/350.cf88d22186.js')['Cache-Control']).toBe(IMMUTABLE);
      expect(headersFor(remote, '/350.cf88d22186.css')['Cache-Control']).toBe(IMMUTABLE);
    }
  });

  test('the hashed-asset rule matches what webpack names and nothing else', () => {
    for (const app of Object.values(TARGETS)) {
      const output = createConfig(app, 'production', {}).output!;
      expect(output.filename).toBe('[name].[contenthash:10].js');
      expect(output.chunkFilename).toBe('[name].[contenthash:10].js');
    }
    expect(STYLESHEET_FILE_NAME).toBe('[name].[contenthash:10].css');
    for (const name of Object.keys(TARGETS)) {
      const hashed = (target(name).headers ?? []).filter((rule) =>
        rule.headers.some((header) => header.value === IMMUTABLE),
      );
      expect(hashed).toHaveLength(1);
      for (const unhashed of [
        '/remoteEntry.js',
        '/index.html',
        '/remotes.json',
        '/main.js',
        '/main.css',
        '/api/x.0123456789.js',
      ]) {
        const immutable = hashed.some((rule) =>
          rule.regex ? new RegExp(rule.regex).test(unhashed) : globMatches(rule.source!, unhashed),
        );
        expect({ unhashed, immutable }).toEqual({ unhashed, immutable: unhashed.startsWith('/api/') });
      }
    }
  });

  test("the remotes' JavaScript may be loaded from the shell's origin (CORS)", () => {
    // "*" because the remotes are static, public, non-credentialed JavaScript; no cookies or
    // tokens are ever sent to the remote sites, so no origin list has to follow each deployment.
    for (const remote of ['applicant', 'admin']) {
      for (const file of ['/remoteEntry.js', '/350.cf88d22186.js']) {
        expect(headersFor(remote, file)['Access-Control-Allow-Origin']).toBe('*');
      }
    }
    // The shell is same-origin: no CORS header on it.
    expect(headersFor('shell', '/main.a41c534c6f.js')).not.toHaveProperty(['Access-Control-Allow-Origin']);
  });

  describe('content security policy', () => {
    /** A production build's environment, the remotes on their own sites (custom domains or *.web.app alike). */
    const PRODUCTION_ENV = {
      ...FAKE_PRODUCTION_ENV,
      PORTAL_APPLICANT_REMOTE_URL: 'https://chapter-apply.web.app/remoteEntry.js',
      PORTAL_ADMIN_REMOTE_URL: 'https://admin.chapter.example.org/remoteEntry.js',
    };
    const CSP = 'Content-Security-Policy';

    /** The policy the build writes into the shell's index.html (a <meta http-equiv> tag). */
    function builtMetaPolicy(env: NodeJS.ProcessEnv): string {
      const html = createConfig('shell', 'production', env).plugins!.find(
        (plugin): plugin is HtmlWebpackPlugin => plugin instanceof HtmlWebpackPlugin,
      )!;
      const meta = (html.userOptions.meta as Record<string, Record<string, string>>).csp!;
      expect(meta['http-equiv']).toBe(CSP);
      return meta.content!;
    }

    /** What a production page is under: the built <meta> policy and the Hosting header together. */
    const productionPolicy = () => ({
      ...parsePolicy(builtMetaPolicy(PRODUCTION_ENV)),
      ...parsePolicy(headersFor('shell', '/')[CSP]!),
    });

    /** Whether a CSP source expression (scheme://host with an optional leading *.) allows a URL. */
    function sourceAllows(source: string, url: string): boolean {
      const target = new URL(url);
      if (source === "'self'") return false;
      const match = /^(https?):\/\/(\*\.)?([^/]+)(\/.*)?$/.exec(source);
      if (!match) return false;
      const [, scheme, wildcard, host, pathPrefix] = match;
      if (`${scheme}:` !== target.protocol) return false;
      const hostOk = wildcard ? target.host.endsWith(`.${host}`) : target.host === host;
      return hostOk && (!pathPrefix || target.pathname.startsWith(pathPrefix));
    }

    test("the build writes the page policy naming the remotes' real origins, and Hosting adds what a <meta> cannot carry", () => {
      const remoteOrigins = ['https://chapter-apply.web.app', 'https://admin.chapter.example.org'];
      expect(builtMetaPolicy(PRODUCTION_ENV)).toBe(pageMetaPolicy({ mode: 'production', remoteOrigins }));
      for (const pagePath of ['/', '/index.html', '/login', '/apply/form/f1', '/admin/dor/users']) {
        expect(headersFor('shell', pagePath)[CSP]).toBe(pageHeaderOnlyPolicy({ mode: 'production' }));
      }
      // Together exactly the page policy, built from the same list as the local one.
      expect(productionPolicy()).toEqual(pagePolicyDirectives({ mode: 'production', remoteOrigins }));
      // Another deployment's remotes, another policy: never a wildcard for every Hosting site.
      const staging = builtMetaPolicy({
        ...PRODUCTION_ENV,
        PORTAL_ADMIN_REMOTE_URL: 'https://staging-admin.web.app/remoteEntry.js',
      });
      expect(parsePolicy(staging)['script-src']).toContain('https://staging-admin.web.app');
      expect(parsePolicy(staging)['script-src']).not.toContain('https://admin.chapter.example.org');
      expect(builtMetaPolicy(PRODUCTION_ENV)).not.toMatch(/\*/);
      // A local build's page is same-origin only.
      expect(parsePolicy(builtMetaPolicy({}))['script-src']).toEqual(["'self'"]);
    });

    test('no inline or eval script anywhere; no plugins, framing or <base> hijack', () => {
      const policy = productionPolicy();
      for (const directive of ['default-src', 'script-src']) {
        expect(policy[directive]).not.toEqual(expect.arrayContaining(["'unsafe-inline'"]));
        expect(policy[directive]).not.toEqual(expect.arrayContaining(["'unsafe-eval'"]));
        expect(policy[directive]).not.toEqual(expect.arrayContaining(['data:']));
        expect(policy[directive]).not.toEqual(expect.arrayContaining(['*', 'https:']));
      }
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['form-action']).toEqual(["'self'"]);
      // antd's stylesheets: the shell's own and each remote's, from its own origin.
      const manifest = remotesManifestSchema.parse(JSON.parse(remotesManifestJson(PRODUCTION_ENV)));
      expect(policy['style-src']).toEqual([
        "'self'",
        "'unsafe-inline'",
        new URL(manifest.applicant).origin,
        new URL(manifest.admin).origin,
      ]);
    });

    test('it allows what a production build loads: the remotes, Firebase Auth, App Check and reCAPTCHA', () => {
      const policy = productionPolicy();
      const allows = (directive: string, url: string) => policy[directive]!.some((source) => sourceAllows(source, url));
      const manifest = remotesManifestSchema.parse(JSON.parse(remotesManifestJson(PRODUCTION_ENV)));
      expect(allows('script-src', manifest.applicant)).toBe(true);
      expect(allows('script-src', manifest.admin)).toBe(true);
      expect(allows('script-src', 'https://admin.chapter.example.org/350.cf88d22186.js')).toBe(true);
      // Only these two remotes: not any other Hosting site, nor the chapter's other hosts.
      expect(allows('script-src', 'https://someone-else.web.app/remoteEntry.js')).toBe(false);
      expect(allows('script-src', 'https://www.chapter.example.org/x.js')).toBe(false);
      expect(allows('script-src', 'https://www.google.com/recaptcha/enterprise.js?render=key')).toBe(true);
      expect(allows('script-src', 'https://www.gstatic.com/recaptcha/releases/x/recaptcha__en.js')).toBe(true);
      expect(allows('script-src', 'https://www.google.com/maps/x.js')).toBe(false);
      expect(allows('script-src', 'https://evil.example.com/x.js')).toBe(false);
      for (const endpoint of [
        'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
        'https://securetoken.googleapis.com/v1/token',
        'https://content-firebaseappcheck.googleapis.com/v1/projects/p/apps/a:exchangeRecaptchaEnterpriseToken',
      ]) {
        expect(allows('connect-src', endpoint)).toBe(true);
      }
      expect(allows('connect-src', 'https://evil.example.com/')).toBe(false);
      expect(allows('frame-src', 'https://www.google.com/recaptcha/enterprise/anchor?k=key')).toBe(true);
      expect(allows('frame-src', 'https://evil.example.com/')).toBe(false);
    });

    test("API answers keep the API's own strict policy; the remotes' sites allow nothing to render", () => {
      expect(headersFor('shell', '/api/auth/register')[CSP]).toBe("default-src 'none'; frame-ancestors 'none'");
      for (const remote of ['applicant', 'admin']) {
        for (const file of ['/remoteEntry.js', '/350.cf88d22186.js', '/index.html']) {
          expect(headersFor(remote, file)[CSP]).toBe(REMOTE_SITE_POLICY);
        }
      }
    });

    test('production bundles carry no eval source maps (script-src has no unsafe-eval)', () => {
      for (const app of Object.values(TARGETS)) {
        expect(createConfig(app, 'production', {}).devtool).toBe(false);
        expect(createConfig(app, 'development', {}).devtool).toBe(false);
      }
    });
  });

  test('Firestore rules and indexes are deployed from the repository', () => {
    expect(firebaseJson.firestore).toEqual({ rules: 'firestore.rules', indexes: 'firestore.indexes.json' });
  });
});

describe('the remotes manifest written by the build (the shell fetches /remotes.json)', () => {
  const production = {
    PORTAL_MODE: 'production',
    PORTAL_APPLICANT_REMOTE_URL: 'https://applicant.example.org/remoteEntry.js',
    PORTAL_ADMIN_REMOTE_URL: 'https://admin.example.org/remoteEntry.js',
  };

  test('locally the remotes are served by the local server', () => {
    expect(JSON.parse(remotesManifestJson({}))).toEqual({
      applicant: '/applicant/remoteEntry.js',
      admin: '/admin/remoteEntry.js',
    });
  });

  test("a production build names each remote's own site, from the build environment", () => {
    const manifest = remotesManifestSchema.parse(JSON.parse(remotesManifestJson(production)));
    expect(manifest).toEqual({
      applicant: 'https://applicant.example.org/remoteEntry.js',
      admin: 'https://admin.example.org/remoteEntry.js',
    });
    const staging = {
      ...production,
      PORTAL_APPLICANT_REMOTE_URL: 'https://staging-applicant.example.org/remoteEntry.js',
    };
    expect(JSON.parse(remotesManifestJson(staging)).applicant).toBe(
      'https://staging-applicant.example.org/remoteEntry.js',
    );
  });

  test('a production build refuses missing or non-https remote URLs instead of using local paths', () => {
    expect(() => remotesManifestFromEnv({ PORTAL_MODE: 'production' })).toThrow(
      /PORTAL_APPLICANT_REMOTE_URL[\s\S]*PORTAL_ADMIN_REMOTE_URL/,
    );
    expect(() =>
      remotesManifestFromEnv({ ...production, PORTAL_ADMIN_REMOTE_URL: 'http://admin.example.org/remoteEntry.js' }),
    ).toThrow(/PORTAL_ADMIN_REMOTE_URL/);
  });
});
