import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as Build from './build';

// webpack and its plugins are loaded only to build: any module below that loads them fails here.
jest.mock('webpack', () => {
  throw new Error('webpack was loaded');
});

describe('a start whose bundles are fresh', () => {
  test('checks them without loading webpack', () => {
    jest.isolateModules(() => {
      const { isStale } = jest.requireActual<typeof Build>('./build');
      expect(typeof isStale('shell')).toBe('boolean');
    });
  });

  test("every tool `npm start` imports loads without webpack (create-config.ts's paths come from app-dirs.ts)", () => {
    const source = readFileSync(path.join(__dirname, 'start.ts'), 'utf8');
    const imported = [...source.matchAll(/^import [^;]*? from '(\.\/[^']+)';$/gms)].map((match) => match[1]!);
    expect(imported).toEqual(expect.arrayContaining(['./build', './webpack/app-dirs']));
    for (const file of imported) {
      jest.isolateModules(() => {
        expect(() => jest.requireActual(path.join(__dirname, file))).not.toThrow();
      });
    }
  });
});
