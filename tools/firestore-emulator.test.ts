import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRESTORE_EMULATOR_JVM_NAMES } from '../functions/src/config';
import {
  FIRESTORE_EMULATOR_JVMS,
  findFirestoreEmulator,
  firestoreEmulatorForTests,
  isCi,
  startFirestoreEmulator,
} from './firestore-emulator';

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

describe("the emulator's JVM", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'fake-java-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Starts the emulator with a `java` that writes down its arguments and says it is ready. */
  async function jvmArguments(jvm?: 'as-shipped' | 'short-runs'): Promise<string[]> {
    const java = path.join(root, 'java');
    const argsFile = path.join(root, 'args');
    writeFileSync(
      java,
      `#!/bin/sh\nprintf '%s\\n' "$@" > '${argsFile}'\necho 'Dev App Server is now running'\nexec sleep 30\n`,
    );
    chmodSync(java, 0o755);
    const emulator = await startFirestoreEmulator({
      port: 1,
      install: { java, jar: path.join(root, 'emulator.jar') },
      pidFile: path.join(root, 'pid'),
      ...(jvm ? { jvm } : {}),
    });
    await emulator.stop();
    const args = readFileSync(argsFile, 'utf8').trim().split('\n');
    return args.slice(0, args.indexOf('-Duser.language=en'));
  }

  it("runs as Google ships it unless asked (the benches' and a running portal's), the first JIT tier only for short runs (the tests')", async () => {
    expect(await jvmArguments()).toEqual([]);
    expect(await jvmArguments('as-shipped')).toEqual([]);
    expect(await jvmArguments('short-runs')).toEqual([...FIRESTORE_EMULATOR_JVMS['short-runs']]);
    expect(FIRESTORE_EMULATOR_JVMS['short-runs']).toContain('-XX:TieredStopAtLevel=1');
  });

  it("has the settings the launcher's FIRESTORE_EMULATOR_JVM names", () => {
    expect(Object.keys(FIRESTORE_EMULATOR_JVMS)).toEqual([...FIRESTORE_EMULATOR_JVM_NAMES]);
  });
});
