import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import { createTestApp, signIn } from '../../test/test-app.ts';

/**
 * Malformed multipart uploads on a real socket (app.inject has no connection to hang): each gets an
 * envelope at once, and the connection is then either closed by the server or still usable for the
 * next request, never left waiting for the keep-alive timeout (72 s). Waits are bounded deadlines
 * on events, not sleeps.
 */

const UPLOAD = '/x-api/v3/private/kyc/upload-document';
/** Far below the 72 s keep-alive timeout this guards against, far above a loaded CI machine's latency. */
const DEADLINE_MS = 10_000;

let app: App;
let close: () => Promise<void>;
let port: number;
let cookie: string;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ maxUploadBytes: 1024 * 1024, idleTimeoutMs: 1_000 }));
  cookie = await signIn(app, 'malformed@example.com');
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => close());

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP/1.1 connection driven by hand: write bytes, read replies, see whether the server closed it. */
class RawConnection {
  private readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;

  constructor() {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    // The server may close while we are still writing a body it refused: EPIPE/ECONNRESET here is fine.
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }

  /** Resolves when `ready()` holds, rejects after the deadline. */
  private until<T>(ready: () => T | undefined, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${DEADLINE_MS} ms`)), DEADLINE_MS);
      const check = () => {
        const value = ready();
        if (value !== undefined) {
          clearTimeout(timer);
          resolve(value);
        } else {
          this.waiters.push(check);
        }
      };
      check();
    });
  }

  write(data: string | Buffer) {
    if (!this.socket.destroyed) this.socket.write(data);
  }

  /** The next complete reply (Content-Length framed, as all of ours are). */
  reply(): Promise<RawReply> {
    return this.until(() => {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (this.buffer.length < end + 4 + length) return undefined;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 4 + length);
      return { status: Number(statusLine!.split(' ')[1]), headers, body };
    }, 'reply');
  }

  /** Resolves when the server has closed the connection. */
  serverClosed(): Promise<true> {
    return this.until(() => (this.closed ? true : undefined), 'close');
  }

  destroy() {
    this.socket.destroy();
  }
}

const uploadHead = (contentType: string, length: number) =>
  `POST ${UPLOAD} HTTP/1.1\r\nHost: localhost:80\r\nOrigin: http://localhost:80\r\nCookie: ${cookie}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;
const profileRequest = () => `GET /x-api/v2/private/user/profile HTTP/1.1\r\nHost: localhost:80\r\nCookie: ${cookie}\r\n\r\n`;

const part = (boundary: string, name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (boundary: string, bytes: Buffer) =>
  Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), bytes, Buffer.from('\r\n')]);

const stored = async () => ({
  documents: (await app.db.selectFrom('kyc_documents').select('id').execute()).length,
  uploadsCounted: (await app.db.selectFrom('rate_limits').select('key').where('key', 'like', 'documents:upload:%').execute()).length,
});

/**
 * Sends a whole upload on a fresh connection and returns the reply, after checking the connection
 * did not hang: the server closed it, or it answers the next request at once.
 */
async function send(contentType: string, body: Buffer) {
  const conn = new RawConnection();
  try {
    conn.write(uploadHead(contentType, body.length));
    conn.write(body);
    const reply = await conn.reply();
    if (reply.headers.connection === 'close') {
      await conn.serverClosed();
    } else {
      conn.write(profileRequest());
      const next = await conn.reply();
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toMatchObject({ ret_code: 0, result: { email: 'malformed@example.com' } });
    }
    return { ...reply, json: JSON.parse(reply.body) as { ret_code: number; ret_msg: string; result: Record<string, unknown> } };
  } finally {
    conn.destroy();
  }
}

const MALFORMED = { ret_code: RetCode.DOCUMENT_UPLOAD_MALFORMED, ret_msg: 'malformed multipart body', result: {} };
// Larger than the socket buffers: the server answers while most of the body is still on its way.
const BIG = Buffer.alloc(900 * 1024, 0x41);

describe('malformed multipart: a 4xx envelope at once, and the connection is not held', () => {
  it.each([
    ['no boundary, small body', 'multipart/form-data', Buffer.from('hello')],
    ['no boundary, large body', 'multipart/form-data', BIG],
    ['an empty boundary', 'multipart/form-data; boundary=', BIG],
    ['a boundary the body never uses', 'multipart/form-data; boundary=expected', Buffer.concat([filePart('other', BIG), Buffer.from('--other--\r\n')])],
    ['a body cut off inside the file part', 'multipart/form-data; boundary=XX', Buffer.concat([Buffer.from(part('XX', 'kind', 'SELFIE') + part('XX', 'level', '1')), filePart('XX', BIG).subarray(0, 500 * 1024)])],
    ['garbled part headers', 'multipart/form-data; boundary=XX', Buffer.from(`--XX\r\nContent-Disposition\r\n\r\nv\r\n--XX\r\n${'x'.repeat(300)}`)],
  ])('%s: HTTP 400, ret_code DOCUMENT_UPLOAD_MALFORMED, nothing stored', async (_name, contentType, body) => {
    const before = await stored();
    const reply = await send(contentType, body);
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual(MALFORMED);
    expect(await stored()).toEqual(before);
  });

  it('too many parts: HTTP 413 with the same code, connection closed', async () => {
    const body = Buffer.from(Array.from({ length: 10 }, (_, i) => part('XX', `f${i}`, 'v')).join('') + '--XX--\r\n');
    const reply = await send('multipart/form-data; boundary=XX', body);
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe('close');
    expect(reply.json).toMatchObject({ ret_code: RetCode.DOCUMENT_UPLOAD_MALFORMED });
  });

  it('a file over the size limit: HTTP 413 with the limit, connection closed', async () => {
    const body = Buffer.concat([Buffer.from(part('XX', 'kind', 'SELFIE') + part('XX', 'level', '1')), filePart('XX', Buffer.alloc(2 * 1024 * 1024, 0x41)), Buffer.from('--XX--\r\n')]);
    const reply = await send('multipart/form-data; boundary=XX', body);
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe('close');
    expect(reply.json).toMatchObject({ ret_code: RetCode.DOCUMENT_FILE_TOO_LARGE, result: { maxBytes: 1024 * 1024 } });
  });

  it('well-formed but without a file part: the field errors (10001), and the connection stays usable', async () => {
    const reply = await send('multipart/form-data; boundary=XX', Buffer.from(part('XX', 'kind', 'SELFIE') + part('XX', 'level', '1') + '--XX--\r\n'));
    expect(reply.status).toBe(200);
    expect(reply.headers.connection).not.toBe('close');
    expect(reply.json).toEqual({ ret_code: RetCode.PARAMS_ERROR, ret_msg: 'params error', result: { fields: [{ path: 'file', code: 'required' }] } });
  });

  it('a client that stops sending in the middle of a body is disconnected after the idle timeout', async () => {
    const conn = new RawConnection();
    try {
      conn.write(uploadHead('multipart/form-data; boundary=XX', 100_000));
      conn.write(part('XX', 'kind', 'SELFIE'));
      await conn.serverClosed();
    } finally {
      conn.destroy();
    }
  });

  it('an ordinary client (fetch) gets the reply, not a connection error, for a large malformed body', async () => {
    const res = await fetch(`http://127.0.0.1:${port}${UPLOAD}`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data', cookie, origin: `http://127.0.0.1:${port}` },
      body: BIG,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(MALFORMED);
  });
});
