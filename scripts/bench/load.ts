/**
 * An HTTP load generator for the bench: `connections` keep-alive sockets, each sending its next
 * request as soon as the previous reply is read (closed loop), until `durationMs` has passed or
 * `maxRequests` were sent (both bounds always apply, so a slow server cannot make the bench run
 * away). With `rate`, open loop instead: requests are offered at that many per second whatever the
 * replies, over at most `connections` sockets, and each latency counts from the request's scheduled
 * time (a request waiting for a free socket is waiting for the server). A closed loop's p99 is tied
 * to its throughput (Little's law: connections / req/s); a paced run shows the latency at a given
 * load. node:http with a keep-alive agent, no dependency: the same client measures our server and
 * the references.
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
  /** Requests offered per second (open loop); closed loop when absent. */
  rate?: number;
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
  const send = async (t0: number) => {
    try {
      const res = await once(agent, o);
      if (!ok(res.status, res.body)) failures++;
    } catch {
      failures++;
    }
    latencies.push(performance.now() - t0);
  };
  try {
    if (o.rate) {
      // Every request whose time has come is sent at each tick (timers fire at most every ~1 ms).
      const interval = 1000 / o.rate;
      const inFlight: Promise<void>[] = [];
      while (sent < o.maxRequests && performance.now() < deadline) {
        const due = started + sent * interval;
        const now = performance.now();
        if (due > now) {
          await new Promise((resolve) => setTimeout(resolve, due - now));
          continue;
        }
        sent++;
        inFlight.push(send(due));
      }
      await Promise.all(inFlight);
      return summarize(latencies, failures, Math.min(performance.now(), deadline) / 1000 - started / 1000);
    }
    await Promise.all(
      Array.from({ length: o.connections }, async () => {
        while (sent < o.maxRequests && performance.now() < deadline) {
          sent++;
          await send(performance.now());
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return summarize(latencies, failures, (performance.now() - started) / 1000);
}
