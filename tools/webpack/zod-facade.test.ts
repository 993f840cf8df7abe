import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from '@portal/shared/zod';
import { REPO_ROOT } from './create-config';

/**
 * In the browser `import { z } from 'zod/mini'` gets the shared facade (shared/src/zod), whose `z` holds
 * only what the apps call: a member missing from it would be `undefined` at run time, which no type
 * check sees. So every `z.<member>` in the bundled source is listed, apart from types (`z.infer<…>`).
 */
function membersUsed(): { file: string; member: string; inner?: string }[] {
  const files = execFileSync(
    'git',
    [
      'grep',
      '-l',
      "import { z } from 'zod/mini'",
      '--',
      'shared/src',
      'shell/src',
      'applicant-app/src',
      'admin-app/src',
    ],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  )
    .split('\n')
    .filter((file) => file && !/\.test\.tsx?$/.test(file));
  return files.flatMap((file) =>
    // `z.record(…)`, and a chain that breaks the line after `z` (`z\n  .record(…)`), as prettier writes it.
    // `z.iso.datetime(…)`: the facade's namespaces hold only what is called of them.
    [...readFileSync(path.join(REPO_ROOT, file), 'utf8').matchAll(/\bz\s*\.\s*(\w+)(?:\.(\w+))?(<?)/g)]
      .filter((match) => !match[3])
      .map((match) => ({ file, member: match[1]!, ...(match[2] ? { inner: match[2] } : {}) })),
  );
}

describe('zod facade', () => {
  it('lists every member of z the bundled source calls', () => {
    const used = membersUsed();
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter(({ member }) => !(member in z))).toEqual([]);
    const namespaces = z as unknown as Record<string, Record<string, unknown>>;
    const inners = used.filter(({ member, inner }) => inner && typeof namespaces[member] === 'object');
    expect(inners.length).toBeGreaterThan(2);
    expect(inners.filter(({ member, inner }) => !(inner! in namespaces[member]!))).toEqual([]);
  });

  it('lists nothing the bundled source does not call (each member is downloaded with the facade)', () => {
    const used = new Set(membersUsed().map(({ member }) => member));
    expect(Object.keys(z).filter((member) => !used.has(member))).toEqual([]);
  });

  it('is the zod the apps validate with', () => {
    const schema = z.strictObject({ name: z.string().check(z.minLength(1)), when: z.iso.datetime() });
    expect(schema.safeParse({ name: 'Ada', when: '2026-01-01T00:00:00Z' }).success).toBe(true);
    expect(schema.safeParse({ name: '', when: 'soon' }).error?.issues.map((issue) => issue.path[0])).toEqual([
      'name',
      'when',
    ]);
  });
});
