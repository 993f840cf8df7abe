import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFirestoreEmulator, firestoreEmulatorForTests, isCi } from './firestore-emulator';

describe('finding the Cloud Firestore emulator', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'fake-sdk-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds the jar under CLOUDSDK_ROOT_DIR and the Java of JAVA_HOME', () => {
    const jar = path.join(root, 'sdk', 'platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar');
    mkdirSync(path.dirname(jar), { recursive: true });
    writeFileSync(jar, '');
    const java = path.join(root, 'jdk', 'bin', 'java');
    mkdirSync(path.dirname(java), { recursive: true });
    writeFileSync(java, '');
    const env = { CLOUDSDK_ROOT_DIR: path.join(root, 'sdk'), JAVA_HOME: path.join(root, 'jdk'), PATH: '' };
    expect(findFirestoreEmulator(env)).toEqual({ jar, java });
  });

  it('needs Java: without it there is no emulator to run', () => {
    expect(findFirestoreEmulator({ PATH: root })).toBeNull();
  });
});

describe('the emulator the tests run on', () => {
  const install = { jar: '/sdk/emulator.jar', java: '/jdk/bin/java' };
  const missing = () => null;

  it('is the one installed', () => {
    expect(firestoreEmulatorForTests({ CI: 'true' }, () => install)).toBe(install);
    expect(firestoreEmulatorForTests({}, () => install)).toBe(install);
  });

  it('may be missing on a machine that is not CI (the suite falls back to the npm emulator)', () => {
    for (const CI of [undefined, '', '0', 'false']) expect(firestoreEmulatorForTests({ CI }, missing)).toBeNull();
  });

  it('must be there in CI: its absence fails the run', () => {
    for (const CI of ['true', '1', 'yes']) {
      expect(isCi({ CI })).toBe(true);
      expect(() => firestoreEmulatorForTests({ CI }, missing)).toThrow(
        /CI is set, and Google's Cloud Firestore emulator is missing/,
      );
    }
  });
});
