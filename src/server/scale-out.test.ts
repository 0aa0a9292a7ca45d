import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../shared/ret-codes.ts';
import { VALID_INFO } from './modules/kyc/kyc.fixtures.ts';
import { makeImage } from './modules/documents/test-images.ts';
import { DEMO_PARTNER_ID, DEMO_PARTNER_SECRET } from './modules/partners/partners.service.ts';
import { DEMO_PASSWORD, DEMO_REVIEWER_PASSWORD } from './seed.ts';
import { s3Store } from './modules/documents/content-store.ts';
import { startObjectStore, type TestObjectStore } from './test/object-store.ts';
import { createTestDatabase } from './test/test-db.ts';

/**
 * Scale-out (issue 15, decision 024): two server processes (`node src/server/main.ts`, the production
 * entry point) on one PostgreSQL database and one S3-compatible object store, each with a data
 * directory of its own, as on two machines. A user uploads on one and reads on the other, a reviewer
 * works the case across both, and what must hold across processes does: sessions, the review
 * queue's assignment, login delays, upload limits, replay protection, a document's key and content.
 * PostgreSQL only (scripts/with-postgres.sh; `npm test` runs it): two processes on one SQLite file
 * would share a disk, which is what this test is about not doing.
 */
const postgres = process.env.TEST_DATABASE_URL;
/** Low, so the test reaches it; above what the demo seed uploads for any one user. */
const UPLOADS_PER_HOUR = 12;

interface Server {
  origin: string;
  dataDir: string;
  process: ChildProcess;
}

/** Starts one server process and waits for its start banner (which names the real port). */
async function startServer(env: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-scale-out-'));
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent-web-dist' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const origin = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const banner = /Account area: (http:\/\/127\.0\.0\.1:\d+)\//.exec(line);
      if (banner) resolve(banner[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  return { origin, dataDir, process: child };
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  if (server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await once(server.process, 'exit');
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** A request as a same-origin browser page of `server` sends it. */
async function call(server: Server, method: 'GET' | 'POST', url: string, { cookie, body, headers = {} }: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${server.origin}/x-api${url}`, {
    method,
    headers: { origin: server.origin, ...(cookie ? { cookie } : {}), ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: isForm ? body : JSON.stringify(body) } : {}),
  });
  return res;
}
const json = async (res: Response) => (await res.json()) as { ret_code: number; ret_msg: string; result: Record<string, unknown> & { [k: string]: never } };

async function login(server: Server, email: string, password: string): Promise<string> {
  const res = await call(server, 'POST', '/v1/user/login', { body: { email, password } });
  const body = await json(res);
  expect(body.ret_code, `login of ${email}`).toBe(0);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function uploadOn(server: Server, cookie: string, kind: string, seed: number, level = 1) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('level', String(level));
  form.append('file', new Blob([new Uint8Array(await makeImage('jpeg', 800, 600, { seed }))], { type: 'image/jpeg' }), 'photo.jpg');
  return json(await call(server, 'POST', '/v3/private/kyc/upload-document', { cookie, body: form }));
}

/** The pending case of a user, as the queue lists it. */
async function caseOf(server: Server, reviewer: string, email: string): Promise<{ id: string }> {
  const queue = await json(await call(server, 'GET', '/v1/console/cases?pageSize=100', { cookie: reviewer }));
  const kase = (queue.result.items as unknown as { id: string; email: string }[]).find((c) => c.email === email);
  if (!kase) throw new Error(`no pending case of ${email}`);
  return kase;
}

/** The documents a case's application was submitted with (the console's case page). */
async function documentsOfCase(server: Server, reviewer: string, caseId: string): Promise<{ id: string; kind: string }[]> {
  const view = await json(await call(server, 'GET', `/v1/console/cases/${caseId}`, { cookie: reviewer }));
  expect(view.ret_code).toBe(0);
  return (view.result.subject as unknown as { documents: { id: string; kind: string }[] }).documents;
}

describe.skipIf(!postgres)('two server processes on one PostgreSQL and one object store', () => {
  let a: Server;
  let b: Server;
  let store: TestObjectStore;
  let drop: () => Promise<void>;
  let user: string;

  beforeAll(async () => {
    store = await startObjectStore();
    const made = await createTestDatabase();
    drop = made.drop;
    if (made.database.kind !== 'postgres') throw new Error('PostgreSQL expected');
    const shared = {
      DATABASE_URL: made.database.url,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DOCUMENT_STORE_URL: store.url,
      UPLOADS_PER_HOUR: String(UPLOADS_PER_HOUR),
      // Per IP and minute; every request of this file comes from 127.0.0.1 and stays well below it until the last test spends it.
      RATE_LIMIT_PER_MINUTE: '300',
      // Demo mode on both (the demo users and partner); the in-house provider for everybody, as without the fakes' demo routing.
      DEMO: 'true',
      KYC_PROVIDER_ROUTES: '[{"provider":"PROVIDER_DEFAULT"}]',
      // Single-step decisions: four-eyes across servers is the same database rule (decision 018).
      FOUR_EYES_RULES: '[]',
    };
    // A seeds the demo users (reviewers, the demo partner) and is listening before B starts.
    a = await startServer(shared);
    b = await startServer(shared);
    user = await login(a, 'demo@example.com', DEMO_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await stopServer(a);
    await stopServer(b);
    await drop?.();
    await store?.close();
  });

  it('a user signed in on A uploads there, and reads the document and submits on B; a submission sent to both is taken once', async () => {
    // One session for both servers.
    expect((await json(await call(b, 'GET', '/v2/private/user/profile', { cookie: user }))).ret_code).toBe(0);
    const front = await uploadOn(a, user, 'DOCUMENT_FRONT', 1);
    expect(front.ret_code).toBe(0);
    const id = front.result.id as string;

    const fromA = await call(a, 'GET', `/v3/private/kyc/document/${id}`, { cookie: user });
    const fromB = await call(b, 'GET', `/v3/private/kyc/document/${id}`, { cookie: user });
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);

    // The rest of level 1 on B: personal information, two more pictures, the submission.
    expect((await json(await call(b, 'POST', '/v3/private/kyc/kyc-personal-info', { cookie: user, body: VALID_INFO }))).ret_code).toBe(0);
    expect((await uploadOn(b, user, 'DOCUMENT_BACK', 2)).ret_code).toBe(0);
    expect((await uploadOn(b, user, 'SELFIE', 3)).ret_code).toBe(0);
    const drafts = await json(await call(a, 'GET', '/v3/private/kyc/document-drafts?level=1', { cookie: user }));
    expect((drafts.result.documents as unknown as { kind: string }[]).map((d) => d.kind).sort()).toEqual(['DOCUMENT_BACK', 'DOCUMENT_FRONT', 'SELFIE']);
    // The browser sends the submission twice (a double click, a retry after a timeout), and a balancer
    // hands one copy to each server: the database takes exactly one, the other is refused.
    const submission = { cookie: user, body: { level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE' } };
    const sent = await Promise.all([call(a, 'POST', '/v3/private/kyc/submit-application', submission), call(b, 'POST', '/v3/private/kyc/submit-application', submission)]);
    const both = await Promise.all(sent.map(json));
    expect(both.filter((r) => r.ret_code === 0)).toHaveLength(1);
    expect(both.find((r) => r.ret_code !== 0)?.ret_code).toBeGreaterThan(0);
    const reviewer = await login(b, 'reviewer@example.com', DEMO_REVIEWER_PASSWORD);
    const queue = await json(await call(b, 'GET', '/v1/console/cases?pageSize=100', { cookie: reviewer }));
    expect((queue.result.items as unknown as { email: string }[]).filter((c) => c.email === 'demo@example.com')).toHaveLength(1);
  });

  it('reviewers on A and B share the queue and its assignment; the decision made on B shows to the user on A at once (its kyc-info cache sees the change)', async () => {
    const reviewer = await login(a, 'reviewer@example.com', DEMO_REVIEWER_PASSWORD);
    const second = await login(b, 'reviewer2@example.com', 'reviewer-password-2');
    const kase = await caseOf(b, reviewer, 'demo@example.com');

    expect((await json(await call(a, 'POST', `/v1/console/cases/${kase.id}/assign`, { cookie: reviewer, body: {} }))).ret_code).toBe(0);
    // The other server knows the case is taken.
    const taken = await json(await call(b, 'POST', `/v1/console/cases/${kase.id}/assign`, { cookie: second, body: {} }));
    expect(taken.ret_code).toBe(RetCode.REVIEW_CASE_ASSIGNED);
    expect((await json(await call(b, 'POST', `/v1/console/cases/${kase.id}/approve`, { cookie: second, body: {} }))).ret_code).toBe(RetCode.REVIEW_CASE_ASSIGNED);

    // The reviewer opens the case and its pictures on B (uploaded on A and on B).
    const documents = await documentsOfCase(b, reviewer, kase.id);
    expect(documents.map((d) => d.kind).sort()).toEqual(['DOCUMENT_BACK', 'DOCUMENT_FRONT', 'SELFIE']);
    for (const doc of documents) {
      const image = await call(b, 'GET', `/v1/console/document/${doc.id}`, { cookie: reviewer });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
    }

    // A has the user's kyc-info (under review) in its cache; the decision is made on B.
    const levelOne = async () => ((await json(await call(a, 'POST', '/v3/private/kyc/kyc-info', { cookie: user, body: { obtain_state: true } }))).result.state as unknown as { level: number; status: string }[]).find((s) => s.level === 1)?.status;
    expect(await levelOne()).toBe('PENDING');
    expect(await levelOne()).toBe('PENDING');
    const approved = await json(await call(b, 'POST', `/v1/console/cases/${kase.id}/approve`, { cookie: reviewer, body: {} }));
    expect(approved.ret_code).toBe(0);
    expect(approved.result.subjectStatus).not.toBe('PENDING');
    expect(await levelOne()).toBe(approved.result.subjectStatus);
  });

  it('a lost object is ret_code 34009 on either server, never a 500', async () => {
    // l1-pending's pictures were uploaded by the demo seed on A, into the object store.
    const reviewer = await login(b, 'reviewer@example.com', DEMO_REVIEWER_PASSWORD);
    const kase = await caseOf(b, reviewer, 'l1-pending@example.com');
    const [doc] = await documentsOfCase(b, reviewer, kase.id);
    expect((await call(a, 'GET', `/v1/console/document/${doc!.id}`, { cookie: reviewer })).status).toBe(200);
    await s3Store(store.config).delete(doc!.id);
    for (const server of [a, b]) {
      const res = await call(server, 'GET', `/v1/console/document/${doc!.id}`, { cookie: reviewer });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ ret_code: RetCode.DOCUMENT_CONTENT_UNAVAILABLE, ret_msg: 'document content unavailable', result: {} });
    }
  });

  it('login delays, upload limits, replay protection and the request ceiling count on both servers together', async () => {
    // Login: five free failures for one account and address, spread over A and B, then a delay on either.
    for (let i = 0; i < 5; i++) {
      const res = await json(await call(i % 2 ? b : a, 'POST', '/v1/user/login', { body: { email: 'l1-final@example.com', password: 'wrong-password' } }));
      expect(res.ret_code).toBe(RetCode.LOGIN_FAILED);
    }
    const delayed = await json(await call(b, 'POST', '/v1/user/login', { body: { email: 'l1-final@example.com', password: DEMO_PASSWORD } }));
    expect(delayed.ret_code).toBe(RetCode.TOO_MANY_ATTEMPTS);
    expect(delayed.result.retryAfterSeconds).toBeGreaterThan(0);

    // Uploads per user and hour are counted in the database: one limit for both servers. The demo
    // user sent 3 pictures in the first test; proofs of address (level 2, open since the approval)
    // alternate between B and A until the limit answers.
    const results: number[] = [];
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
      const code = (await uploadOn(i % 2 ? a : b, user, 'PROOF_OF_ADDRESS', 20 + i, 2)).ret_code;
      results.push(code);
      if (code !== 0) break;
    }
    expect(results).toEqual([...Array<number>(UPLOADS_PER_HOUR - 3).fill(0), RetCode.TOO_MANY_ATTEMPTS]);

    // A partner's signed request is accepted once: replayed to the other server, it is refused.
    const path = '/x-api/v1/s1/kyc/integration/access-token';
    const body = JSON.stringify({ externalUserId: 'scale-out-1', level: 1, language: 'en' });
    const ts = String(Date.now());
    const sig = createHmac('sha256', DEMO_PARTNER_SECRET).update(`${ts}POST${path}${body}`).digest('hex');
    const signed = { 'content-type': 'application/json', 'x-partner-key': DEMO_PARTNER_ID, 'x-partner-ts': ts, 'x-partner-sig': sig };
    const first = (await (await fetch(`${a.origin}${path}`, { method: 'POST', headers: signed, body })).json()) as { ret_code: number };
    expect(first.ret_code).toBe(0);
    const replay = (await (await fetch(`${b.origin}${path}`, { method: 'POST', headers: signed, body })).json()) as { ret_code: number };
    expect(replay.ret_code).toBe(RetCode.PARTNER_SIGNATURE_REPLAYED);

    // Last, as it spends the address's budget: the per-IP request ceiling is one budget for both servers: each request spends from it,
    // whichever server answers, and the last one over it is refused with HTTP 429.
    const remaining = async (server: Server) => Number((await call(server, 'GET', '/v2/private/user/profile', { cookie: user })).headers.get('x-ratelimit-remaining'));
    const [onA, onB, onAgain] = [await remaining(a), await remaining(b), await remaining(a)];
    expect([onA - onB, onB - onAgain]).toEqual([1, 1]);
    const spend = Array.from({ length: onAgain }, (_, i) => call(i % 2 ? a : b, 'GET', '/v2/private/user/profile', { cookie: user }));
    expect((await Promise.all(spend)).every((r) => r.status === 200)).toBe(true);
    expect((await call(b, 'GET', '/v2/private/user/profile', { cookie: user })).status).toBe(429);
    expect((await call(a, 'GET', '/v2/private/user/profile', { cookie: user })).status).toBe(429);
  });
});
