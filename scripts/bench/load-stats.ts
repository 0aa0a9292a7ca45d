/** Latency figures of a load run, shared by the load runner's process and the bench's sequential timings. */

export interface LoadResult {
  requests: number;
  failures: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The load generator's CPU time over the run, in % of one core (autocannon runs only). */
  generatorCpuPercent?: number;
  /** Paced runs with windows: each window name's requests (their failures are in the run's `failures`). */
  windows?: Record<string, LoadResult>;
  /** Paced runs with windows: each window alone, in the order given. */
  stretches?: LoadResult[];
}

/** The q-quantile (0..1) of ascending latencies, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function summarize(latencies: number[], failures: number, seconds: number): LoadResult {
  const sorted = Float64Array.from(latencies).sort();
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: sorted.length,
    failures,
    seconds: r2(seconds),
    rps: Math.round(sorted.length / seconds),
    p50: r2(quantile(sorted as unknown as number[], 0.5)),
    p95: r2(quantile(sorted as unknown as number[], 0.95)),
    p99: r2(quantile(sorted as unknown as number[], 0.99)),
    max: r2(sorted.at(-1) ?? Number.NaN),
  };
}
