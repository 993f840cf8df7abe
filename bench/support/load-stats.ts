import { percentile } from './percentiles';

/** Latencies and answer statuses per request kind, for the load bench's summary. */
export class LoadStats<Kind extends string> {
  private readonly latencies = new Map<Kind, number[]>();
  private readonly statuses = new Map<Kind, Map<string, number>>();

  constructor(private readonly kinds: readonly Kind[]) {
    for (const kind of kinds) {
      this.latencies.set(kind, []);
      this.statuses.set(kind, new Map());
    }
  }

  /** Times one request; a network failure is recorded as status 'network' and rethrown. */
  async time<T extends { status: number }>(kind: Kind, send: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await send();
      this.record(kind, performance.now() - started, String(result.status));
      return result;
    } catch (error) {
      this.record(kind, performance.now() - started, 'network');
      throw error;
    }
  }

  record(kind: Kind, ms: number, status: string): void {
    this.latencies.get(kind)!.push(ms);
    const counts = this.statuses.get(kind)!;
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }

  count(kind: Kind, status?: string): number {
    if (status === undefined) return this.latencies.get(kind)!.length;
    return this.statuses.get(kind)!.get(status) ?? 0;
  }

  /** Statuses other than the expected one, as "kind status: n" entries. */
  unexpected(expected: Record<Kind, string>): string[] {
    const lines: string[] = [];
    for (const kind of this.kinds) {
      for (const [status, n] of this.statuses.get(kind)!) {
        if (status !== expected[kind]) lines.push(`${kind} ${status}: ${n}`);
      }
    }
    return lines;
  }

  /** One table row per kind plus an overall row: requests, req/s, p50/p95/p99 latency. */
  table(seconds: number, labels: Record<Kind, string>): string {
    const fmt = (ms: number) => `${Number.isNaN(ms) ? '-' : ms.toFixed(1)} ms`.padStart(12);
    const row = (label: string, samples: number[]) =>
      `${label.padEnd(22)}${String(samples.length).padStart(9)}${(samples.length / seconds).toFixed(1).padStart(10)}` +
      `${fmt(percentile(samples, 50))}${fmt(percentile(samples, 95))}${fmt(percentile(samples, 99))}`;
    const all = this.kinds.flatMap((kind) => this.latencies.get(kind)!);
    return [
      `${'kind'.padEnd(22)}${'requests'.padStart(9)}${'req/s'.padStart(10)}${'p50'.padStart(12)}${'p95'.padStart(12)}${'p99'.padStart(12)}`,
      ...this.kinds.map((kind) => row(labels[kind], this.latencies.get(kind)!)),
      row('overall', all),
    ].join('\n');
  }
}
