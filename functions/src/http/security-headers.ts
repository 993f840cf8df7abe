/**
 * The Content-Security-Policy of the portal's pages (the shell's index.html and everything the
 * local server serves beside the API), built from one list so the local server, the policy the
 * build writes into index.html and the hosting headers (firebase.json, checked by
 * tools/hosting.test.ts) cannot drift.
 *
 * In production the policy names the two remotes' own origins, which are per deployment: the build
 * writes it into the shell's index.html (a <meta http-equiv> tag) from PORTAL_*_REMOTE_URL, next to
 * remotes.json, so it always names exactly the remotes that remotes.json points at. What a <meta>
 * policy cannot carry (frame-ancestors) is the Hosting header of the shell's pages.
 *
 * What the federated bundles need, and why each source is there:
 * - script-src 'self' (+ the remotes' origins): the shell's own chunks, and each remote's
 *   remoteEntry.js and chunks, which the federation runtime loads with <script src>. No
 *   'unsafe-inline' (index.html has only <script src defer>) and no 'unsafe-eval' (webpack runs
 *   with `devtool: false` in every mode, so no eval-source-map wrappers).
 * - style-src 'self' 'unsafe-inline' (+ the remotes' origins): antd's components are styled by
 *   stylesheets made at build time, which each bundle's chunks load beside their scripts (a
 *   remote's from its own origin); antd's style engine still writes the theme's variables into
 *   <style> elements at run time. Inline *styles* cannot run script, so this does not reopen
 *   script injection.
 * - img-src 'self' data:: antd's icons and empty-state illustrations are inline data: images.
 * - font-src 'self': no web fonts are fetched (system font stack); same-origin only.
 * - connect-src 'self': the API (/api) and, locally, the Auth emulator proxied on the same
 *   origin; in production also Firebase Auth (identitytoolkit, securetoken) and App Check
 *   (content-firebaseappcheck) plus reCAPTCHA Enterprise's own calls to www.google.com.
 * - frame-src (production only): reCAPTCHA Enterprise runs in an iframe from www.google.com
 *   (recaptcha.google.com as its fallback). Locally nothing is framed: frame-src 'none'.
 * - object-src 'none', base-uri 'self', form-action 'self', frame-ancestors 'none': no
 *   plugins, no <base> hijack of relative chunk URLs, forms post only here, no clickjacking.
 */
export interface PagePolicyOptions {
  mode: 'local' | 'production';
  /** Origins the remotes' scripts are loaded from (production: their own Hosting sites). */
  remoteOrigins?: readonly string[];
}

/** Firebase Auth's REST endpoints, which the Auth SDK calls from the browser. */
export const FIREBASE_AUTH_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** App Check's token exchange. */
export const APP_CHECK_ORIGINS = ['https://content-firebaseappcheck.googleapis.com'];
/** reCAPTCHA Enterprise (the App Check provider): its script, its API calls and its iframe. */
export const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
export const RECAPTCHA_CONNECT_SOURCES = ['https://www.google.com/recaptcha/'];
export const RECAPTCHA_FRAME_SOURCES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

export type PolicyDirectives = Record<string, string[]>;

export function pagePolicyDirectives({ mode, remoteOrigins = [] }: PagePolicyOptions): PolicyDirectives {
  const production = mode === 'production';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remoteOrigins, ...(production ? RECAPTCHA_SCRIPT_SOURCES : [])],
    'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...(production ? [...FIREBASE_AUTH_ORIGINS, ...APP_CHECK_ORIGINS, ...RECAPTCHA_CONNECT_SOURCES] : []),
    ],
    'frame-src': production ? RECAPTCHA_FRAME_SOURCES : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export function serializePolicy(directives: PolicyDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Directives a policy delivered in a <meta http-equiv> tag may not carry (browsers ignore them there). */
export const HEADER_ONLY_DIRECTIVES = ['frame-ancestors', 'report-uri', 'sandbox'];

/** The origins the remotes' scripts come from: those of absolute entry URLs (a relative entry is 'self'). */
export function remoteScriptOrigins(entryUrls: readonly string[]): string[] {
  const origins = entryUrls.flatMap((url) => (/^https?:\/\//.test(url) ? [new URL(url).origin] : []));
  return [...new Set(origins)];
}

/** The policy the build writes into the shell's index.html (what a <meta> tag can carry). */
export function pageMetaPolicy(options: PagePolicyOptions): string {
  const directives = Object.entries(pagePolicyDirectives(options)).filter(
    ([name]) => !HEADER_ONLY_DIRECTIVES.includes(name),
  );
  return serializePolicy(Object.fromEntries(directives));
}

/** The shell's Hosting header in production: what the <meta> policy cannot carry. */
export function pageHeaderOnlyPolicy(options: PagePolicyOptions): string {
  const directives = Object.entries(pagePolicyDirectives(options)).filter(([name]) =>
    HEADER_ONLY_DIRECTIVES.includes(name),
  );
  return serializePolicy(Object.fromEntries(directives));
}

/** The header value for the portal's pages. */
export function pageContentSecurityPolicy(options: PagePolicyOptions): string {
  return serializePolicy(pagePolicyDirectives(options));
}

/** Parses a header value back into directives (for tests and checks). */
export function parsePolicy(header: string): PolicyDirectives {
  const result: PolicyDirectives = {};
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) result[name] = sources;
  }
  return result;
}

/** What the remotes' own sites send: they serve only JavaScript, never a page to render. */
export const REMOTE_SITE_POLICY = "default-src 'none'; frame-ancestors 'none'";
