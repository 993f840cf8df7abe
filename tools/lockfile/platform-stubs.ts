import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The registry this project installs from serves native binaries only for some platforms; a
 * package for another platform answers 404, so npm leaves it out of package-lock.json and
 * `npm ci` then refuses the lockfile as out of sync. This records each such optional platform
 * package the way npm records one it can see: optional, with the os/cpu/libc it is built for,
 * so every install skips it by platform. Run after changing dependencies: `npm run lock:stubs`.
 */
type LockPackage = {
  version?: string;
  dev?: boolean;
  peer?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
};
type Lockfile = { packages: Record<string, LockPackage> };

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU: Record<string, string> = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  loong64: 'loong64',
  wasm32: 'wasm32',
  mips64el: 'mips64el',
  '386': 'ia32',
};

export function platformOf(name: string): Pick<LockPackage, 'os' | 'cpu' | 'libc'> | null {
  const parts = name.split('/').pop()!.split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.map((part) => CPU[part]).find(Boolean);
  if (!cpu) return null;
  const libc = parts.some((p) => p.startsWith('musl'))
    ? ['musl']
    : parts.some((p) => p.startsWith('gnu'))
      ? ['glibc']
      : undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(libc ? { libc } : {}) };
}

export function addPlatformStubs(lock: Lockfile): string[] {
  const added: string[] = [];
  for (const [location, pkg] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
      const nested = `${location}/node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[hoisted]) continue;
      const platform = platformOf(name);
      if (!platform) continue;
      lock.packages[hoisted] = {
        version,
        ...(pkg.dev ? { dev: true } : {}),
        ...(pkg.peer ? { peer: true } : {}),
        optional: true,
        ...platform,
      };
      added.push(`${name}@${version}`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  return added;
}

if (require.main === module) {
  const file = path.resolve(__dirname, '../../package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8')) as Lockfile;
  const added = addPlatformStubs(lock);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    added.length ? `Recorded ${added.length} platform packages:\n  ${added.join('\n  ')}` : 'Nothing to record.',
  );
}
