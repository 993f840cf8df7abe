import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ADMIN_OWN_MODULES_MIN_SIZE,
  isGroupedOwnModule,
  ownModuleChunks,
  OWN_MODULES_CHUNK,
} from './own-module-chunks';
import { PORTAL_MODULES, portalModuleShareKey } from './share-contracts';

const REPO_ROOT = path.resolve(__dirname, '../..');
const at = (relative: string) => path.join(REPO_ROOT, relative);

describe('the group of the portal’s own modules that several chunks of an app import', () => {
  it('takes the portal’s own code, not packages, antd’s pieces or a remote’s copy of a facade', () => {
    for (const app of ['shell', 'applicant', 'admin'] as const) {
      expect(isGroupedOwnModule(at('shared/src/domain/rules/form-rules.ts'), app)).toBe(true);
      expect(isGroupedOwnModule(at('node_modules/antd/es/button/index.js'), app)).toBe(false);
      expect(isGroupedOwnModule(at('shared/src/antd/typography.tsx'), app)).toBe(false);
      expect(isGroupedOwnModule(at('tools/webpack/antd-stand-ins/input-otp.ts'), app)).toBe(false);
      expect(isGroupedOwnModule(undefined, app)).toBe(false);
    }
    // The API client, toasts and the portal's context: the shell's own code, each a remote's fallback.
    expect(isGroupedOwnModule(at('shared/src/client/toasts.ts'), 'shell')).toBe(true);
    expect(isGroupedOwnModule(at('shared/src/client/toasts.ts'), 'applicant')).toBe(false);
    expect(isGroupedOwnModule(at('shared/src/zod/index.ts'), 'admin')).toBe(false);
    expect(isGroupedOwnModule(at('applicant-app/src/lib/due-date.ts'), 'applicant')).toBe(true);
    // A module the remotes take from the shell: the shell's own code, each remote's fallback.
    expect(isGroupedOwnModule(at('shared/src/ui/page-title.tsx'), 'shell')).toBe(true);
    expect(isGroupedOwnModule(at('shared/src/ui/page-title.tsx'), 'applicant')).toBe(false);
    expect(isGroupedOwnModule(at('shared/src/domain/ids/constants.ts'), 'admin')).toBe(false);
  });

  it('moves a module two lazy chunks import: whatever its size into one chunk in the shell and the applicant remote; per set of chunks in the admin remote, from a size up', () => {
    for (const app of ['shell', 'applicant'] as const) {
      expect(ownModuleChunks(app)).toMatchObject({
        chunks: 'async',
        minChunks: 2,
        minSize: 0,
        enforce: true,
        name: OWN_MODULES_CHUNK,
      });
    }
    expect(ownModuleChunks('admin')).toMatchObject({
      chunks: 'async',
      minChunks: 2,
      minSize: ADMIN_OWN_MODULES_MIN_SIZE,
      enforce: false,
    });
    expect(ownModuleChunks('admin')).not.toHaveProperty('name');
  });
});

describe('the portal’s own modules a remote takes from the shell (PORTAL_MODULES)', () => {
  const read = (file: string) => readFileSync(file, 'utf8');

  it('are shared under their path and a hash of their code and of the portal code they import', () => {
    for (const relative of PORTAL_MODULES) {
      expect(portalModuleShareKey(relative)).toMatch(
        new RegExp(`^@portal/shared/${relative.replace(/^shared\//, '').replace(/\./g, '\\.')}#[0-9a-f]{8}$`),
      );
    }
  });

  it('never meet a remote built from other code: a change to the module or to one it imports changes the key', () => {
    const key = portalModuleShareKey('shared/src/ui/lazy-page.tsx', read);
    const changed = (target: string) => (file: string) =>
      file === at(target) ? `${read(file)}\n// changed` : read(file);
    expect(portalModuleShareKey('shared/src/ui/lazy-page.tsx', changed('shared/src/ui/lazy-page.tsx'))).not.toBe(key);
    // lazy-page imports load-boundary, which imports portal-tokens.
    expect(portalModuleShareKey('shared/src/ui/lazy-page.tsx', changed('shared/src/ui/portal-tokens.ts'))).not.toBe(
      key,
    );
    // A federated facade has a contract of its own: markdown.tsx's API client changing leaves its key alone.
    const markdown = portalModuleShareKey('shared/src/ui/markdown.tsx', read);
    expect(portalModuleShareKey('shared/src/ui/markdown.tsx', changed('shared/src/client/index.ts'))).toBe(markdown);
    expect(portalModuleShareKey('shared/src/ui/markdown.tsx', changed('shared/src/markdown/plain.ts'))).not.toBe(
      markdown,
    );
  });
});
