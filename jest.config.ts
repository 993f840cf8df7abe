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
