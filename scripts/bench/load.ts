/**
 * A closed-loop HTTP load generator for the bench: `connections` keep-alive sockets, each sending its
 * next request as soon as the previous reply is read, until `durationMs` has passed or `maxRequests`
 * were sent (both bounds always apply, so a slow server cannot make the bench run away). node:http
 * with a keep-alive agent, no dependency: the same client measures our server and the references.
 */
import http from 'node:http';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationMs: number;
  maxRequests: number;
  /** True when a reply counts as a success (default: HTTP 200). */
  ok?: (status: number, body: string) => boolean;
}

export interface LoadResult {
  requests: number;
  failures: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The q-quantile (0..1) of ascending latencies, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function summarize(latencies: number[], failures: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: sorted.length,
    failures,
    seconds: r2(seconds),
    rps: Math.round(sorted.length / seconds),
    p50: r2(quantile(sorted, 0.5)),
    p95: r2(quantile(sorted, 0.95)),
    p99: r2(quantile(sorted, 0.99)),
    max: r2(sorted.at(-1) ?? Number.NaN),
  };
}

function once(agent: http.Agent, o: LoadOptions): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(o.url, { method: o.method ?? 'GET', agent, headers: { ...o.headers, ...(o.body ? { 'content-length': Buffer.byteLength(o.body) } : {}) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const ok = o.ok ?? ((status) => status === 200);
  const latencies: number[] = [];
  let sent = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + o.durationMs;
  try {
    await Promise.all(
      Array.from({ length: o.connections }, async () => {
        while (sent < o.maxRequests && performance.now() < deadline) {
          sent++;
          const t0 = performance.now();
          try {
            const res = await once(agent, o);
            if (!ok(res.status, res.body)) failures++;
          } catch {
            failures++;
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return summarize(latencies, failures, (performance.now() - started) / 1000);
}
