import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { boundaryRules } from './boundaries';

const ROOT = path.resolve(__dirname, '../..');
// The same rules eslint.config.ts applies (jest cannot load a TypeScript config file itself).
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } }, ...boundaryRules],
});

async function restrictedImports(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('import boundaries', () => {
  it.each([
    ['a remote importing the other remote', 'applicant-app/src/x.ts', "import '../../admin-app/src/app/routes';"],
    ['a remote importing the shell', 'admin-app/src/x.ts', "import '../../shell/src/app/app';"],
    ['a remote importing the router directly', 'applicant-app/src/x.ts', "import 'react-router-dom';"],
    ['a remote touching Firebase', 'admin-app/src/x.ts', "import 'firebase/auth';"],
    ['the shell touching Firebase outside its identity module', 'shell/src/app/x.ts', "import 'firebase/auth';"],
    ['shared importing an app', 'shared/src/client/x.ts', "import '@portal/shell';"],
    ['shared domain importing React', 'shared/src/domain/x.ts', "import 'react';"],
    ['functions importing browser parts of shared', 'functions/src/x.ts', "import '@portal/shared/client';"],
    ['functions importing React', 'functions/src/x.ts', "import 'react';"],
  ])('refuses %s', async (_name, file, code) => {
    expect(await restrictedImports(file, code)).toBeGreaterThan(0);
  });

  it.each([
    [
      'the shell identity module using Firebase',
      'shell/src/features/identity/firebase-identity.ts',
      "import 'firebase/auth';",
    ],
    [
      'a remote using shared client and router',
      'applicant-app/src/x.ts',
      "import '@portal/shared/client'; import '@portal/shared/router';",
    ],
    ['functions using the shared domain', 'functions/src/x.ts', "import '@portal/shared/domain';"],
  ])('allows %s', async (_name, file, code) => {
    expect(await restrictedImports(file, code)).toBe(0);
  });
});
