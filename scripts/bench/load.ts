/**
 * A load run for the bench: autocannon in a child process of its own (scripts/bench/load-runner.ts),
 * against a server in another process, all on 127.0.0.1. Closed loop by default: `connections`
 * keep-alive sockets, each sending its next request as soon as the reply is read, for `seconds`. With
 * `rate`, open loop: the k-th request is sent at k / rate seconds, evenly spaced, over at most
 * `connections` keep-alive sockets (decision 067); the latency is that of requests sent at that load.
 *
 * Why not a generator inside the bench: the node:http one this replaced ran in the bench process
 * and saturated near 10–14k req/s, so the bare Fastify reference read 9.5k req/s where autocannon
 * reads 31–34k, and every ratio against it looked about 3x better than it was (decision 034).
 * Each run is bounded: by `seconds`, and the child is killed if it has not answered 30 s after that.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadWindow, RunnerOptions } from './load-runner.ts';
import type { LoadResult } from './load-stats.ts';

export { quantile, summarize, type LoadResult } from './load-stats.ts';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** Requests per second over all connections (fixed rate); as fast as answered when absent. */
  rate?: number;
  /** A success: HTTP 2xx ('status', the default), or also our envelope with ret_code 0. */
  expect?: 'status' | 'envelope';
  /** With `rate`: named stretches of wall-clock time whose requests are also summed up apart (load-runner.ts). */
  windows?: LoadWindow[];
}

const RUNNER = fileURLToPath(new URL('./load-runner.ts', import.meta.url));

/** The runner's command line for `o` (exported for its test). */
export function runnerArgs(o: LoadOptions): string[] {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(o.url)) throw new Error(`bench load: 127.0.0.1 only (${o.url})`);
  if (o.windows && !o.rate) throw new Error('bench load: windows are for paced runs (rate) only');
  const options: RunnerOptions = {
    url: o.url,
    method: o.method ?? 'GET',
    headers: o.headers ?? {},
    ...(o.body !== undefined ? { body: o.body } : {}),
    connections: o.connections,
    seconds: o.seconds,
    ...(o.rate ? { rate: o.rate } : {}),
    expect: o.expect ?? 'status',
    ...(o.windows ? { windows: o.windows } : {}),
  };
  return [RUNNER, JSON.stringify(options)];
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const child = spawn(process.execPath, runnerArgs(o), { stdio: ['ignore', 'pipe', 'inherit'] });
  const kill = setTimeout(() => child.kill('SIGKILL'), (o.seconds + 30) * 1000);
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (out += chunk));
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`bench load: the load generator exited (${code}) for ${o.method ?? 'GET'} ${o.url}`);
    return JSON.parse(out) as LoadResult;
  } finally {
    clearTimeout(kill);
  }
}
