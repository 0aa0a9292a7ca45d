/**
 * One load run in a process of its own: autocannon (the Node.js HTTP benchmarking tool, its API)
 * against the options given as JSON in argv[2]; prints one JSON line, a `LoadResult`, and exits.
 * Run by scripts/bench/load.ts: neither the server measured nor the bench's own work shares this
 * process's event loop, so what limits the figures is the server, or this process's one core, which
 * its CPU time shows (`generatorCpuPercent`: near 100 % of a core, the generator was the limit).
 *
 * Latencies are taken from autocannon's per-reply event (send to last byte, fractional
 * milliseconds). Autocannon's own histogram keeps whole milliseconds, and in its fixed-rate mode
 * fills in coordinated omission with an expected interval of ceil(1 / per-connection rate) = 1 ms,
 * not the time between two sends; the per-reply figures are the plain ones.
 */
import autocannon from 'autocannon';
import { summarize, type LoadResult } from './load-stats.ts';

export interface RunnerOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** Requests per second over all connections (autocannon's overallRate); none: as fast as answered. */
  rate?: number;
  /** What a reply must be to count as a success: HTTP 200, or also our envelope with ret_code 0. */
  expect: 'status' | 'envelope';
}

const options = JSON.parse(process.argv[2] ?? '{}') as RunnerOptions;
const latencies: number[] = [];
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const instance = autocannon(
  {
    url: options.url,
    method: options.method,
    headers: options.headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
    ...(options.expect === 'envelope' ? { verifyBody: (body: string | Buffer | undefined) => String(body).includes('"ret_code":0') } : {}),
    timeout: 10,
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    // Failures: replies that were not a success (non-2xx, a body not matching `expect`) and socket errors.
    const failures = result.non2xx + result.errors + result.timeouts + ((result as unknown as { mismatches?: number }).mismatches ?? 0);
    const out: LoadResult = { ...summarize(latencies, failures, seconds), generatorCpuPercent: Math.round(((cpu.user + cpu.system) / 1e6 / seconds) * 100) };
    process.stdout.write(`${JSON.stringify(out)}\n`, () => process.exit(0));
  },
);
instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
  latencies.push(responseTime);
});
