import http from 'node:http';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { quantile, runLoad, runnerArgs, summarize } from './load.ts';

/** A local server that answers every `failEvery`-th request with `fail` (status and body), the rest with our ok envelope. */
async function withServer(fail: { every: number; status: number; body: string }, fn: (url: string, seen: { requests: number; sockets: Set<unknown>; arrivals: number[] }) => Promise<void>) {
  const seen = { requests: 0, sockets: new Set<unknown>(), arrivals: [] as number[] };
  const server = http.createServer((req, res) => {
    seen.sockets.add(req.socket);
    seen.arrivals.push(performance.now());
    seen.requests++;
    const failed = seen.requests % fail.every === 0;
    res.writeHead(failed ? fail.status : 200, { 'content-type': 'application/json' }).end(failed ? fail.body : '{"ret_code":0,"ret_msg":"OK","result":{}}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    await fn(`http://127.0.0.1:${(server.address() as { port: number }).port}/`, seen);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

// Each run starts a Node process: seconds on a busy machine.
describe('bench load generator (autocannon in a child process)', { timeout: 60_000 }, () => {
  it('takes nearest-rank quantiles and summarizes a run', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(sorted, 0.5)).toBe(50);
    expect(quantile(sorted, 0.99)).toBe(99);
    expect(quantile(sorted, 1)).toBe(100);
    expect(summarize([3, 1, 2, 4], 1, 2)).toMatchObject({ requests: 4, failures: 1, rps: 2, p50: 2, max: 4 });
  });

  it('measures only 127.0.0.1', () => {
    expect(() => runnerArgs({ url: 'http://example.com/', connections: 1, seconds: 1 })).toThrow('127.0.0.1 only');
    expect(() => runnerArgs({ url: 'http://localhost:80/', connections: 1, seconds: 1 })).toThrow('127.0.0.1 only');
    const [, json] = runnerArgs({ url: 'http://127.0.0.1:1/x', method: 'POST', body: '{}', connections: 3, seconds: 2, rate: 100, expect: 'envelope' });
    expect(JSON.parse(json!)).toEqual({ url: 'http://127.0.0.1:1/x', method: 'POST', headers: {}, body: '{}', connections: 3, seconds: 2, rate: 100, expect: 'envelope' });
  });

  it('counts every reply read, failed statuses as failures, over at most its connections', async () => {
    await withServer({ every: 5, status: 500, body: '{}' }, async (url, seen) => {
      // One connection: replies come in the order served, so exactly every fifth one read failed.
      const one = await runLoad({ url, connections: 1, seconds: 0.5 });
      expect(one.requests).toBeGreaterThan(0);
      // A request still in flight at the end may have been served and not read.
      expect(seen.requests - one.requests).toBeGreaterThanOrEqual(0);
      expect(seen.requests - one.requests).toBeLessThanOrEqual(1);
      expect(one.failures).toBe(Math.floor(one.requests / 5));
      expect(one.p99).toBeGreaterThanOrEqual(one.p50);
      expect(one.generatorCpuPercent).toBeGreaterThan(0);
      seen.sockets.clear();
      const four = await runLoad({ url, connections: 4, seconds: 0.5 });
      expect(four.requests).toBeGreaterThan(0);
      expect(seen.sockets.size).toBeLessThanOrEqual(4);
    });
  });

  it('with the envelope expected, a 200 whose ret_code is not 0 is a failure', async () => {
    await withServer({ every: 2, status: 200, body: '{"ret_code":10001,"ret_msg":"params error","result":{}}' }, async (url) => {
      const r = await runLoad({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', connections: 1, seconds: 0.5, expect: 'envelope' });
      expect(r.requests).toBeGreaterThan(1);
      expect(r.failures).toBe(Math.floor(r.requests / 2));
    });
  });

  it('at a fixed rate, sends rate x seconds requests evenly spaced over the run, not as a burst, on at most its connections', async () => {
    await withServer({ every: 1e9, status: 200, body: '' }, async (url, seen) => {
      const r = await runLoad({ url, connections: 2, seconds: 1, rate: 40 });
      // 40 counted, after 20 sent in the half-second warm-up.
      expect(r).toMatchObject({ requests: 40, failures: 0 });
      expect(seen.requests).toBe(60);
      expect(seen.sockets.size).toBeLessThanOrEqual(2);
      // 60 over 1.5 s: the first half got about half (a burst would put them all in its first moments).
      const first = seen.arrivals[0]!;
      const inFirstHalf = seen.arrivals.filter((t) => t - first < 750).length;
      expect(inFirstHalf).toBeGreaterThanOrEqual(24);
      expect(inFirstHalf).toBeLessThanOrEqual(36);
      // Not bunched: the median gap between two arrivals is near 1000 / 40 = 25 ms.
      const gaps = seen.arrivals.slice(1).map((t, k) => t - seen.arrivals[k]!).sort((a, b) => a - b);
      expect(gaps[Math.floor(gaps.length / 2)]!).toBeGreaterThan(15);
    });
  });

  it('with windows, sums up apart the requests sent in each named stretch of time', async () => {
    // Stretches of 200 ms over the next 20 s, 'slow' and 'fast' in turn; the server holds a reply 30 ms
    // when it arrives in a slow one. The runner's start (a new process) is not known here, so the
    // stretches cover any start.
    const from = Date.now();
    const windows = Array.from({ length: 100 }, (_, k) => ({ name: k % 2 ? 'slow' : 'fast', from: from + k * 200, to: from + (k + 1) * 200 }));
    const slowNow = () => Math.floor((Date.now() - from) / 200) % 2 === 1;
    const server = http.createServer((_req, res) => {
      const reply = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ret_code":0}');
      if (slowNow()) setTimeout(reply, 30);
      else reply();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const r = await runLoad({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, connections: 8, seconds: 2, rate: 100, windows });
      expect(r.requests).toBe(200);
      const { fast, slow } = r.windows!;
      // Every counted request fell in one stretch, about half in each name.
      expect(fast!.requests + slow!.requests).toBe(200);
      expect(fast!.requests).toBeGreaterThan(70);
      expect(slow!.requests).toBeGreaterThan(70);
      expect(slow!.p50).toBeGreaterThanOrEqual(29);
      expect(fast!.p50).toBeLessThan(15);
      // Each stretch alone too, in the order given: together they are the pooled ones.
      expect(r.stretches).toHaveLength(100);
      const sum = (name: string) => r.stretches!.filter((_, k) => windows[k]!.name === name).reduce((n, x) => n + x.requests, 0);
      expect(sum('fast')).toBe(fast!.requests);
      expect(sum('slow')).toBe(slow!.requests);
      expect(r.stretches!.filter((x, k) => windows[k]!.name === 'slow' && x.requests >= 10).every((x) => x.p50 >= 25)).toBe(true);
      expect(() => runnerArgs({ url: 'http://127.0.0.1:1/', connections: 1, seconds: 1, windows })).toThrow('paced runs');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
