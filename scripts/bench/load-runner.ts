/**
 * One load run in a process of its own: autocannon (the Node.js HTTP benchmarking tool, its API)
 * against the options given as JSON in argv[2]; prints one JSON line, a `LoadResult`, and exits.
 * Run by scripts/bench/load.ts: neither the server measured nor the bench's own work shares this
 * process's event loop, so what limits the figures is the server, or this process's one core, which
 * its CPU time shows (`generatorCpuPercent`: near 100 % of a core, the generator was the limit).
 *
 * Latencies are taken from autocannon's per-reply event (send to last byte, fractional
 * milliseconds). Autocannon's own histogram keeps whole milliseconds.
 *
 * With `rate`, requests are paced here, not by autocannon (decision 067): autocannon's fixed-rate
 * mode lets each connection spend its second's budget back to back as soon as the second starts,
 * so "1,000 req/s" arrives as one burst a second and the p99 is the burst's queue. Here the k-th
 * request is sent at start + k / rate (open loop: it does not wait for earlier replies), over at
 * most `connections` keep-alive sockets; a request waiting for a free socket waits on the clock,
 * so a slow server shows in the latency instead of slowing the sending (no coordinated omission).
 * The first WARM_UP_MS of requests are sent at the rate but not counted: they open the sockets and
 * run this process's own HTTP code for the first time, which is the generator warming up, not the
 * server (the bench warms the server up before it measures).
 *
 * `windows` (paced runs): each counted request is also counted in the window its send time falls in
 * (wall-clock ms); the windows of one name are pooled (`LoadResult.windows`), and each window is also
 * summed up alone (`LoadResult.stretches`, in the order given). A section that
 * switches the server's conditions every few seconds while one run goes on (the relay section) gets
 * each condition's latencies from the same stretch of time, so a slow minute of the shared machine
 * falls on every condition alike instead of on whichever one ran then.
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { summarize, type LoadResult } from './load-stats.ts';

export interface RunnerOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** Requests per second over all connections, evenly spaced (paced here); none: as fast as answered (autocannon). */
  rate?: number;
  /** What a reply must be to count as a success: HTTP 200, or also our envelope with ret_code 0. */
  expect: 'status' | 'envelope';
  /** Paced runs: named stretches of wall-clock time (ms since the epoch, `from` included, `to` not). */
  windows?: LoadWindow[];
}

export interface LoadWindow {
  name: string;
  from: number;
  to: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as RunnerOptions;
const latencies: number[] = [];
/** Per window, in the order given: the latencies of the counted requests sent inside it. */
const byStretch = new Map<LoadWindow, number[]>((options.windows ?? []).map((w) => [w, []]));
let cpu0 = process.cpuUsage();
let t0 = performance.now();
/** Paced runs: sent at the rate before the measured `seconds`, not counted (see above). */
const WARM_UP_MS = 500;

function report(failures: number) {
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const out: LoadResult = { ...summarize(latencies, failures, seconds), generatorCpuPercent: Math.round(((cpu.user + cpu.system) / 1e6 / seconds) * 100) };
  if (options.windows) {
    // A name pools its windows: their latencies, over their seconds (the rate offered is requests / seconds).
    const pooled = new Map<string, { latencies: number[]; seconds: number }>();
    for (const [w, l] of byStretch) {
      const p = pooled.get(w.name) ?? { latencies: [], seconds: 0 };
      p.latencies.push(...l);
      p.seconds += (w.to - w.from) / 1000;
      pooled.set(w.name, p);
    }
    out.windows = Object.fromEntries([...pooled].map(([name, p]) => [name, summarize(p.latencies, 0, p.seconds)]));
    out.stretches = [...byStretch].map(([w, l]) => summarize(l, 0, (w.to - w.from) / 1000));
  }
  process.stdout.write(`${JSON.stringify(out)}\n`, () => process.exit(0));
}

/** Requests at `rate` a second, evenly spaced, open loop (see above). */
function paced(rate: number) {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const headers = { ...options.headers, ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}) };
  const interval = 1000 / rate;
  const warmUp = Math.round(WARM_UP_MS / interval);
  const total = warmUp + Math.max(1, Math.round(rate * options.seconds));
  const begin = performance.now();
  let sent = 0;
  let settled = 0;
  let failures = 0;
  const settle = () => {
    if (++settled < total) return;
    agent.destroy();
    report(failures);
  };
  const send = (counted: boolean) => {
    // From the call on: the wait for a free socket counts, as a user's request would wait.
    const start = performance.now();
    const sentAt = performance.timeOrigin + start;
    const window = counted ? options.windows?.find((w) => sentAt >= w.from && sentAt < w.to) : undefined;
    const req = http.request({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300 && (options.expect !== 'envelope' || Buffer.concat(chunks).toString('utf8').includes('"ret_code":0'));
        if (counted) {
          const latency = performance.now() - start;
          latencies.push(latency);
          if (window) byStretch.get(window)!.push(latency);
        }
        // A failure counts even in the warm-up: the run must not hide one.
        if (!ok) failures++;
        settle();
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
    req.on('error', () => {
      failures++;
      settle();
    });
    req.end(options.body);
  };
  const tick = () => {
    const now = performance.now();
    // Every request due by now (a late timer sends the ones it missed at once, keeping the rate).
    while (sent < total && begin + sent * interval <= now) {
      // The measured run's clock starts with its first counted request.
      if (sent === warmUp) {
        t0 = performance.now();
        cpu0 = process.cpuUsage();
      }
      send(sent >= warmUp);
      sent++;
    }
    if (sent < total) setTimeout(tick, Math.max(0, begin + sent * interval - performance.now()));
  };
  tick();
}

/** As fast as answered over `connections` sockets: autocannon. */
function closed() {
  const instance = autocannon(
    {
      url: options.url,
      method: options.method,
      headers: options.headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
      connections: options.connections,
      duration: options.seconds,
      ...(options.expect === 'envelope' ? { verifyBody: (body: string | Buffer | undefined) => String(body).includes('"ret_code":0') } : {}),
      timeout: 10,
    },
    (error, result) => {
      if (error) {
        console.error(error);
        process.exit(1);
      }
      // Failures: replies that were not a success (non-2xx, a body not matching `expect`) and socket errors.
      report(result.non2xx + result.errors + result.timeouts + ((result as unknown as { mismatches?: number }).mismatches ?? 0));
    },
  );
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
}

if (options.rate) paced(options.rate);
else closed();
