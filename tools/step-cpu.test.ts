import { spawnSync } from 'node:child_process';
import { childCpuSeconds, WITH_CPU_TIMES } from './step-cpu';

test("reads the children's line of bash's times", () => {
  expect(childCpuSeconds('0m0.001s 0m0.002s\n1m2.500s 0m3.250s\n')).toBeCloseTo(65.75);
  expect(childCpuSeconds('')).toBeUndefined();
  expect(childCpuSeconds('0m0.001s 0m0.002s\n')).toBeUndefined();
});

test("counts the CPU of the command's descendants and keeps its exit status", () => {
  // A grandchild that spins until it has used a quarter of a second of CPU (not of the clock: on a busy
  // machine a clock's quarter second is less CPU), waited for by its parent.
  const spin = 'node -e "while (process.cpuUsage().user < 250000);"';
  const run = spawnSync('bash', ['-c', WITH_CPU_TIMES, 'bash', 'bash', '-c', `${spin}; exit 3`], {
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  expect(run.status).toBe(3);
  const cpu = childCpuSeconds(String(run.output[3]));
  expect(cpu).toBeGreaterThan(0.2);
});
