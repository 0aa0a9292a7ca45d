/**
 * `npm run bench`: measures the server on 127.0.0.1 with a bounded number of requests: throughput and
 * latency percentiles for the hot paths (profile read with a session, login). Numbers, not pass/fail.
 * Options: --requests N (default 2000), --concurrency C (default 16).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { configWith } from '../src/server/config.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Math.max(1, Math.min(100_000, Number(process.argv[i + 1]) || fallback)) : fallback;
};
const REQUESTS = arg('requests', 2000);
const CONCURRENCY = arg('concurrency', 16);

const dir = mkdtempSync(path.join(tmpdir(), 'ua-bench-'));
const app = await buildApp(
  configWith({
    database: { kind: 'sqlite', file: path.join(dir, 'bench.sqlite') },
    logLevel: 'silent',
    seedDemo: false,
    rateLimitPerMinute: 10_000_000,
    login: { maxAttemptsPerIp: 10_000_000, freeFailuresPerAccountIp: 10_000_000, freeFailuresPerAccount: 10_000_000, windowMs: 60_000, maxDelayMs: 900_000 },
  }),
);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const json = { 'content-type': 'application/json' };

// A confirmed account, as scripts make them (self-service registration needs the mailed link first).
await app.services.accounts.createUser({ email: 'bench@example.com', password: 'bench-password-1' }, { type: 'system', id: null });
const signIn = await fetch(`${base}/x-api/v1/user/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-1' }) });
const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;

async function measure(name: string, total: number, once: () => Promise<Response>) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, total) }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        const res = await once();
        const body = (await res.json()) as { ret_code: number };
        if (body.ret_code !== 0) failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);
  console.log(`${name.padEnd(28)} ${String(total).padStart(6)} req  ${(total / seconds).toFixed(0).padStart(6)} req/s  p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  p99 ${p(0.99)} ms  failures ${failures}`);
}

console.log(`bench: ${REQUESTS} requests, concurrency ${CONCURRENCY}, SQLite, Node ${process.version}`);
try {
  await measure('GET profile (session)', REQUESTS, () => fetch(`${base}/x-api/v2/private/user/profile`, { headers: { cookie } }));
  // Login is deliberately expensive (scrypt): measure fewer.
  await measure('POST login (scrypt)', Math.ceil(REQUESTS / 20), () =>
    fetch(`${base}/x-api/v1/user/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-1' }) }),
  );
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
