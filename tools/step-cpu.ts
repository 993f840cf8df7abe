/**
 * CPU per step of `npm test` (tools/test.ts): bash runs the step's command, then its `times` builtin
 * writes to fd 3 the CPU its children used (user and system, of every process the command waited
 * for, so a jest run's workers and a Playwright run's browsers count; what a step starts detached,
 * like an emulator, does not).
 */
export const WITH_CPU_TIMES = '"$@"; status=$?; times >&3; exit $status';

/** The children's line of bash's `times` ("1m2.500s 0m3.250s"), as seconds. */
export function childCpuSeconds(times: string): number | undefined {
  const line = times.trim().split('\n')[1];
  const parts = line
    ?.trim()
    .split(/\s+/)
    .map((part) => /^(\d+)m([\d.]+)s$/.exec(part));
  if (!parts || parts.length !== 2 || parts.some((part) => !part)) return undefined;
  return parts.reduce((sum, part) => sum + Number(part![1]) * 60 + Number(part![2]), 0);
}
