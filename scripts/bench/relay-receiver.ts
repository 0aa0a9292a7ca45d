/**
 * The relay section's webhook receiver: answers every delivery 204 at once, counts them and keeps
 * each one's lag (arrival minus the event's `timestamp`, the time its change was written). `GET
 * /stats` answers what it saw since the last `POST /reset`, with the earliest event time among
 * them (`firstEventAt`). 127.0.0.1 only.
 */
import { createServer } from 'node:http';
import { quantile } from './load-stats.ts';

export async function startReceiver(): Promise<number> {
  let lags: number[] = [];
  let ids = new Set<string>();
  let duplicates = 0;
  let last = 0;
  let firstEvent = 0;
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/stats') {
      const sorted = [...lags].sort((a, b) => a - b);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: ids.size, duplicates, lastAt: last, firstEventAt: firstEvent, lagP50Ms: quantile(sorted, 0.5), lagP99Ms: quantile(sorted, 0.99), lagMaxMs: sorted.at(-1) ?? 0 }));
      return;
    }
    if (req.method === 'POST' && req.url === '/reset') {
      lags = [];
      ids = new Set();
      duplicates = last = firstEvent = 0;
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      const id = String(req.headers['webhook-id'] ?? '');
      if (ids.has(id)) duplicates++;
      ids.add(id);
      const { timestamp } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
      const at = Date.parse(timestamp);
      lags.push(now - at);
      firstEvent = firstEvent ? Math.min(firstEvent, at) : at;
      last = now;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}
