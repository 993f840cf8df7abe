/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
  ],
};

const browserProject = (name: string): Config => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  transform,
  setupFiles: ['<rootDir>/../tools/jest/browser-polyfills.ts'],
  setupFilesAfterEnv: ['<rootDir>/../tools/jest/browser-setup.ts'],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
});

const config: Config = {
  // Component tests drive antd through jsdom: on a shared 2-core machine one can pass 5 s while
  // other suites run beside it. A test that hangs still fails, after 20 s.
  testTimeout: 20_000,
  projects: [
    {
      displayName: 'functions',
      rootDir: '<rootDir>/functions',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      globalSetup: '<rootDir>/../tools/jest/functions-setup.ts',
      globalTeardown: '<rootDir>/../tools/jest/functions-teardown.ts',
    },
    {
      displayName: 'tools',
      rootDir: '<rootDir>/tools',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/**/*.test.ts'],
    },
    {
      displayName: 'shared-domain',
      rootDir: '<rootDir>/shared',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/src/domain/**/*.test.ts'],
    },
    { ...browserProject('shared'), testMatch: ['<rootDir>/src/{client,ui}/**/*.test.ts?(x)'] },
    browserProject('shell'),
    browserProject('applicant-app'),
    browserProject('admin-app'),
  ],
};

export default config;
