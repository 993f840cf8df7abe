import path from 'node:path';
import { ownModuleOf, packageOf } from './chunk-packages-plugin';

describe('packageOf', () => {
  it('names the package and the file inside it, scoped or not', () => {
    expect(packageOf('/repo/node_modules/antd/es/button/index.js')).toEqual({
      name: 'antd',
      file: 'es/button/index.js',
    });
    expect(packageOf('/repo/node_modules/@tanstack/react-query/build/modern/index.js')).toEqual({
      name: '@tanstack/react-query',
      file: 'build/modern/index.js',
    });
  });

  it('takes the innermost install of a nested package', () => {
    expect(packageOf('/repo/node_modules/rc-util/node_modules/react-is/index.js')).toEqual({
      name: 'react-is',
      file: 'index.js',
    });
  });

  it('leaves out first-party files and webpack virtual modules', () => {
    expect(packageOf('/repo/shared/src/client/index.ts')).toBeNull();
    expect(packageOf('/repo/node_modules/.federation/entry.abc.js')).toBeNull();
  });
});

describe('ownModuleOf', () => {
  const repo = path.resolve(__dirname, '../..');

  it("names a file of the portal's own source by its repository path, whichever app bundles it", () => {
    expect(ownModuleOf(path.join(repo, 'shared/src/client/api-client.ts'))).toBe('shared/src/client/api-client.ts');
    expect(ownModuleOf(path.join(repo, 'applicant-app/src/app/routes.tsx'))).toBe('applicant-app/src/app/routes.tsx');
  });

  it('leaves out packages, webpack virtual modules and files outside the repository', () => {
    expect(ownModuleOf(path.join(repo, 'node_modules/antd/es/button/index.js'))).toBeNull();
    expect(ownModuleOf(path.join(repo, 'node_modules/.federation/entry.abc.js'))).toBeNull();
    expect(ownModuleOf('/elsewhere/file.js')).toBeNull();
  });
});
