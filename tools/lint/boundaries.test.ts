import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { boundaryRules, FIREBASE_MODULE, structureRules } from './boundaries';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');
const BOUNDARY_RULES = ['no-restricted-imports', 'import-x/no-restricted-paths', 'import-x/no-cycle'];
// The same rules eslint.config.ts applies (jest cannot load a TypeScript config file itself).
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
    ...boundaryRules,
    ...structureRules,
  ],
});

async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.flatMap((message) =>
    message.ruleId && BOUNDARY_RULES.includes(message.ruleId) ? [message.ruleId] : [],
  );
}

describe('import boundaries', () => {
  it.each([
    ['a remote importing the other remote', 'applicant-app/src/x.ts', "import '../../admin-app/src/app/routes';"],
    ['a remote importing the shell', 'admin-app/src/x.ts', "import '../../shell/src/app/app';"],
    ['a remote importing the router directly', 'applicant-app/src/x.ts', "import 'react-router-dom';"],
    ['a remote touching Firebase', 'admin-app/src/x.ts', "import 'firebase/auth';"],
    [
      'a remote importing TanStack Query directly',
      'admin-app/src/x.ts',
      "import { useQuery } from '@tanstack/react-query';",
    ],
    ['the shell importing TanStack Query directly', 'shell/src/lib/x.ts', "import '@tanstack/react-query';"],
    ['shared UI importing TanStack Query directly', 'shared/src/ui/x.tsx', "import '@tanstack/query-core';"],
    ['the shell touching Firebase outside its identity module', 'shell/src/app/x.ts', "import 'firebase/auth';"],
    ['shared importing an app', 'shared/src/client/x.ts', "import '@portal/shell';"],
    ['shared domain importing React', 'shared/src/domain/x.ts', "import 'react';"],
    ['functions importing browser parts of shared', 'functions/src/x.ts', "import '@portal/shared/client';"],
    ['functions importing React', 'functions/src/x.ts', "import 'react';"],
    [
      "a feature importing another feature's internals",
      'admin-app/src/features/users/x.tsx',
      "import { rowColumns } from '../dashboard/row-columns';",
    ],
    [
      "a shell feature importing another feature's internals",
      'shell/src/features/profile/x.tsx',
      "import '../account/login-page';",
    ],
    ['a feature importing app/', 'admin-app/src/features/users/x.tsx', "import '../../app/dor-routes';"],
    ['a shell feature importing app/', 'shell/src/features/layout/x.tsx', "import '../../app/app-routes';"],
    ["the domain importing zod's classic API", 'shared/src/domain/x.ts', "import { z } from 'zod';"],
    ["the server importing zod's classic API", 'functions/src/x.ts', "import { z } from 'zod/v4';"],
    ["a remote importing zod's classic API", 'admin-app/src/x.ts', "import 'zod/v4/classic';"],
    ["shared UI importing zod's classic API", 'shared/src/ui/x.ts', "import type { z } from 'zod';"],
    ["a bench importing zod's classic API", 'bench/x.ts', "import { z } from 'zod';"],
    ["a browser test importing zod's classic API", 'e2e/x.spec.ts', "import { z } from 'zod';"],
    [
      "a browser test taking Playwright's own test (it leaves the contexts it opened)",
      'e2e/x.spec.ts',
      "import { expect, test } from '@playwright/test';",
    ],
  ])('refuses %s', async (_name, file, code) => {
    expect(await violations(file, code)).not.toEqual([]);
  });

  it.each([
    ['the shell identity module using Firebase', FIREBASE_MODULE, "import 'firebase/auth';"],
    [
      'a remote using shared client and router',
      'applicant-app/src/x.ts',
      "import '@portal/shared/client'; import '@portal/shared/router'; import '@portal/shared/query';",
    ],
    ['functions using the shared domain', 'functions/src/x.ts', "import '@portal/shared/domain';"],
    ['the server writing schemas with zod/mini', 'functions/src/x.ts', "import { z } from 'zod/mini';"],
    ['the shell writing schemas with zod/mini', 'shell/src/lib/x.ts', "import { z } from 'zod/mini';"],
    [
      'the zod facade re-exporting zod',
      'shared/src/zod/members.ts',
      "export { array } from 'zod/v4/mini'; import { en } from 'zod/locales';",
    ],
    [
      'a feature using another feature through its index.ts',
      'admin-app/src/features/dashboard/x.tsx',
      "import { AssignStaff } from '../assignments';",
    ],
    ['a feature using the app-level lib/', 'admin-app/src/features/users/x.tsx', "import '../../lib/pager';"],
    ['the app composing the features', 'admin-app/src/app/x.tsx', "import '../features/users/users-page';"],
    [
      'a test driving the app through its routes',
      'admin-app/src/features/users/x.test.tsx',
      "import '../../app/routes'; import '../dashboard/row-columns';",
    ],
    [
      'a browser test taking test from its support module, and types from Playwright',
      'e2e/x.spec.ts',
      "import type { Page } from '@playwright/test'; import { expect, test } from './support/test';",
    ],
  ])('allows %s', async (_name, file, code) => {
    expect(await violations(file, code)).toEqual([]);
  });

  describe('import cycles', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(ROOT, 'functions/src/cycle-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('refuses two modules that import each other, as app.ts and its route files once did', async () => {
      writeFileSync(path.join(dir, 'app.ts'), "import { routes } from './routes';\nexport const app = routes;\n");
      writeFileSync(path.join(dir, 'routes.ts'), "import { app } from './app';\nexport const routes = () => app;\n");
      const file = path.relative(ROOT, path.join(dir, 'routes.ts'));
      expect(await violations(file, "import { app } from './app';\nexport const routes = () => app;\n")).toEqual([
        'import-x/no-cycle',
      ]);
    });

    it('allows a type-only import back (what AppDeps in its own module makes possible)', async () => {
      writeFileSync(path.join(dir, 'deps.ts'), 'export interface Deps { name: string }\n');
      writeFileSync(path.join(dir, 'main.ts'), "import { part } from './part';\nexport const main = part;\n");
      writeFileSync(
        path.join(dir, 'part.ts'),
        "import type { Deps } from './deps';\nexport const part = (d: Deps) => d;\n",
      );
      const file = path.relative(ROOT, path.join(dir, 'part.ts'));
      expect(
        await violations(file, "import type { Deps } from './deps';\nexport const part = (d: Deps) => d;\n"),
      ).toEqual([]);
    });
  });
});
