import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server for the vendors' local fakes (providers/<vendor>/fake.ts): each fake is its own
 * origin on 127.0.0.1, speaking the vendor's paths, headers and payloads, so adapters are tested over
 * real HTTP and `npm start` works offline. Not a framework: just routing, bodies and injected faults.
 */

export interface FakeRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** The path with the query, exactly as sent (what vendor signatures cover). */
  pathWithQuery: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface FakeReply {
  status: number;
  /** An object is sent as JSON; a string or Buffer as is (with `contentType`). */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export type FakeHandler = (request: FakeRequest, params: Record<string, string>) => Promise<FakeReply> | FakeReply;

export interface FakeRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path with `:name` segments, e.g. `/resources/applicants/:id/status`. */
  pattern: string;
  handler: FakeHandler;
}

/** What the next API calls suffer (tests of timeouts, retries and garbage). */
export type FakeFault = { kind: 'status'; status: number } | { kind: 'hang' } | { kind: 'garbage' };

export interface RunningFake {
  origin: string;
  /** The next calls to routes marked as API get these faults, one per call, in order. */
  injectFaults(...faults: FakeFault[]): void;
  /** Every call received: method, path with query, reply status (tests check what was sent). */
  readonly calls: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

function compile(pattern: string): RegExp {
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\?:([a-zA-Z]+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(response: ServerResponse, reply: FakeReply): void {
  const isRaw = typeof reply.body === 'string' || Buffer.isBuffer(reply.body);
  const payload = reply.body === undefined ? '' : isRaw ? (reply.body as string | Buffer) : JSON.stringify(reply.body);
  response.writeHead(reply.status, {
    'content-type': reply.contentType ?? (isRaw ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'),
    'cache-control': 'no-store',
    ...reply.headers,
  });
  response.end(payload);
}

/**
 * Starts a fake on 127.0.0.1 (port 0: a free one). `isApi` says which calls faults apply to (not the
 * stand-in page or its script: a vendor being down means its API).
 */
export async function startFakeServer(routes: readonly FakeRoute[], { isApi = () => true }: { isApi?: (path: string) => boolean } = {}): Promise<RunningFake> {
  const compiled = routes.map((r) => ({ ...r, regex: compile(r.pattern) }));
  const faults: FakeFault[] = [];
  const calls: RunningFake['calls'] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake.invalid');
      const path = decodeURIComponent(url.pathname);
      const record = (status: number) => calls.push({ method: request.method ?? 'GET', path: request.url ?? '/', status });
      if (isApi(path) && faults.length > 0) {
        const fault = faults.shift()!;
        if (fault.kind === 'hang') {
          // Never answers: the client's time limit is what ends the call.
          hanging.add(response);
          record(0);
          return;
        }
        if (fault.kind === 'status') {
          record(fault.status);
          return send(response, { status: fault.status, body: { error: 'injected fault' } });
        }
        record(200);
        return send(response, { status: 200, body: '<html>not what you expected', contentType: 'application/json' });
      }
      for (const route of compiled) {
        if (route.method !== request.method) continue;
        const match = route.regex.exec(path);
        if (!match) continue;
        const body = await readBody(request);
        const reply = await route.handler(
          { method: request.method, path, pathWithQuery: request.url ?? '/', query: url.searchParams, headers: request.headers, body },
          { ...match.groups },
        );
        record(reply.status);
        return send(response, reply);
      }
      record(404);
      send(response, { status: 404, body: { error: 'not found' } });
    })().catch((err: unknown) => {
      record500(err);
      if (!response.headersSent) send(response, { status: 500, body: { error: 'fake failed' } });
    });
    function record500(err: unknown) {
      calls.push({ method: request.method ?? 'GET', path: `${request.url ?? '/'} (${String(err)})`, status: 500 });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    injectFaults: (...f) => faults.push(...f),
    calls,
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Delivers a webhook as the vendor would: a POST with the exact bytes it signed. Returns the status (0: no answer). */
export async function deliver(url: string, body: string, headers: Record<string, string>): Promise<number> {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}
