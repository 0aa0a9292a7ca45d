import http from 'node:http';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { quantile, runLoad, summarize } from './load.ts';

describe('bench load generator', () => {
  it('takes nearest-rank quantiles and summarizes a run', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(sorted, 0.5)).toBe(50);
    expect(quantile(sorted, 0.99)).toBe(99);
    expect(quantile(sorted, 1)).toBe(100);
    expect(summarize([3, 1, 2, 4], 1, 2)).toMatchObject({ requests: 4, failures: 1, rps: 2, p50: 2, max: 4 });
  });

  it('stops at the request bound, counts failed replies, and reuses its connections', async () => {
    const sockets = new Set<unknown>();
    let served = 0;
    const server = http.createServer((req, res) => {
      sockets.add(req.socket);
      served++;
      res.writeHead(served % 5 === 0 ? 500 : 200, { 'content-type': 'application/json' }).end('{"ret_code":0}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as { port: number };
      const r = await runLoad({ url: `http://127.0.0.1:${port}/`, connections: 4, durationMs: 10_000, maxRequests: 50 });
      expect(r.requests).toBe(50);
      expect(served).toBe(50);
      expect(r.failures).toBe(10);
      expect(sockets.size).toBeLessThanOrEqual(4);
      expect(r.p99).toBeGreaterThanOrEqual(r.p50);
    } finally {
      server.close();
    }
  });

  it('paced (open loop): offers the requests over at most its connections and stops at the bound', async () => {
    const sockets = new Set<unknown>();
    let served = 0;
    const server = http.createServer((req, res) => {
      sockets.add(req.socket);
      served++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ret_code":0}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as { port: number };
      const r = await runLoad({ url: `http://127.0.0.1:${port}/`, connections: 3, durationMs: 10_000, maxRequests: 30, rate: 500 });
      expect(r.requests).toBe(30);
      expect(served).toBe(30);
      expect(r.failures).toBe(0);
      expect(sockets.size).toBeLessThanOrEqual(3);
    } finally {
      server.close();
    }
  });
});
