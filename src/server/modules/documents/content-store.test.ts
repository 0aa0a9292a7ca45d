import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DocumentKind } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import type { Config } from '../../config.ts';
import { startObjectStore, type TestObjectStore } from '../../test/object-store.ts';
import { createKycTestApp, get, ID_CARD_KINDS, newReviewer, newUser, post, submitLevel1, uploadDrafts } from '../kyc/kyc.fixtures.ts';
import { createContentStore } from './content-store.ts';
import { createDocumentsService } from './documents.service.ts';

/**
 * Document contents outside the database (decision 024, "Scale-out"): the embedded default (a
 * directory; test apps get one of their own) and an S3-compatible bucket (s3rver, a local server
 * from npm, checking signatures as S3 does). A store holds only ciphertext under the document's id;
 * deleting a document deletes its object; a missing object is ret_code 34009, never a 500.
 */

let objectStore: TestObjectStore;
beforeAll(async () => {
  objectStore = await startObjectStore();
});
afterAll(async () => objectStore.close());

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

async function start(overrides: Partial<Config>) {
  const { app, close } = await createKycTestApp(overrides);
  opened.push(close);
  return app;
}

/** Every file under a directory (the stores' layout is theirs; only the contents matter here). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** A second handle on the app's configured store, as an operator's tool would have. */
const storeOf = (app: App) => createContentStore(app.config.documentStore)!;

const OWNER_READ = (id: string) => `/v3/private/kyc/document/${id}`;
const CONSOLE_READ = (id: string) => `/v1/console/document/${id}`;

/** The row of a document: where its content is. */
const rowOf = (app: App, id: string) => app.db.selectFrom('kyc_documents').select(['ciphertext', 'content_store', 'byte_size']).where('id', '=', id).executeTakeFirstOrThrow();

describe.each([
  ['file (the embedded default)', (): Partial<Config> => ({}), (c: Config) => (c.documentStore.kind === 'file' ? c.documentStore.dir : '')],
  ['s3 (an S3-compatible bucket)', (): Partial<Config> => ({ documentStore: objectStore.config }), () => objectStore.dir],
])('document store: %s', (_name, overrides, storeDir) => {
  it('keeps only ciphertext in the store, none in the row; the owner and a reviewer read it back', async () => {
    const app = await start(overrides());
    const store = storeOf(app);
    const user = await newUser(app, 'store-owner@example.com');
    const [id] = await uploadDrafts(app, user.id, 1, [DocumentKind.DOCUMENT_FRONT]);

    const row = await rowOf(app, id!);
    expect(row.ciphertext).toBeNull();
    expect(row.content_store).toBe(app.config.documentStore.kind);
    const read = await get(app, OWNER_READ(id!), user.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.rawPayload.length).toBe(Number(row.byte_size));

    // The object is the ciphertext: as long as the image (GCM), none of its bytes.
    const stored = (await store.get(id!))!;
    expect(stored.length).toBe(read.rawPayload.length);
    for (const offset of [0, 100, 1000]) expect(stored.includes(read.rawPayload.subarray(offset, offset + 16))).toBe(false);
    // And it is where the configured store keeps it, on disk or in the bucket's directory.
    expect(filesUnder(storeDir(app.config)).some((f) => readFileSync(f).equals(stored))).toBe(true);

    // Submitted and read by a reviewer in the console, from the store too.
    const applicationId = await submitLevel1(app, user);
    const reviewer = await newReviewer(app);
    const docs = (await app.services.documents.listForApplication(app.db, applicationId)).map((d) => d.id);
    expect(docs).toHaveLength(3);
    const viewed = await get(app, CONSOLE_READ(docs[0]!), reviewer.cookie);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers['content-type']).toBe('image/jpeg');
  });

  it('deletes the object with the draft, and the replaced draft on a retake', async () => {
    const app = await start(overrides());
    const store = storeOf(app);
    const user = await newUser(app, 'store-delete@example.com');
    const [first] = await uploadDrafts(app, user.id, 1, [DocumentKind.SELFIE]);
    expect(await store.get(first!)).not.toBeNull();
    // A retake replaces the draft: the first object goes, the new one stays.
    const [second] = await uploadDrafts(app, user.id, 1, [DocumentKind.SELFIE]);
    expect(await store.get(first!)).toBeNull();
    expect(await store.get(second!)).not.toBeNull();
    expect((await get(app, OWNER_READ(second!), user.cookie)).statusCode).toBe(200);

    const removed = await post(app, '/v3/private/kyc/delete-document', { id: second }, user.cookie);
    expect(removed.json().ret_code).toBe(0);
    expect(await store.get(second!)).toBeNull();
    expect(await app.db.selectFrom('kyc_documents').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('erasing a user removes their objects with their rows', async () => {
    const app = await start(overrides());
    const store = storeOf(app);
    const user = await newUser(app, 'store-erase@example.com');
    const ids = await uploadDrafts(app, user.id, 1, ID_CARD_KINDS);
    for (const id of ids) expect(await store.get(id)).not.toBeNull();
    const removed = await app.db.transaction().execute((trx) => app.services.documents.removeAllOf(trx, user.id, { type: 'system', id: null }));
    expect(removed).toBe(3);
    for (const id of ids) expect(await store.get(id)).toBeNull();
    expect(await app.db.selectFrom('kyc_documents').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('a missing object is ret_code 34009 for the owner and the reviewer, never a 500', async () => {
    const app = await start(overrides());
    const user = await newUser(app, 'store-missing@example.com');
    const applicationId = await submitLevel1(app, user);
    const [id] = (await app.services.documents.listForApplication(app.db, applicationId)).map((d) => d.id);
    // The object is lost (a store restored from an older backup, a bucket emptied by mistake).
    await storeOf(app).delete(id!);

    const owner = await get(app, OWNER_READ(id!), user.cookie);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ ret_code: RetCode.DOCUMENT_CONTENT_UNAVAILABLE, ret_msg: 'document content unavailable', result: {} });
    const reviewer = await newReviewer(app);
    const viewed = await get(app, CONSOLE_READ(id!), reviewer.cookie);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().ret_code).toBe(RetCode.DOCUMENT_CONTENT_UNAVAILABLE);
    // Nothing was shown, so no view is recorded.
    expect(await app.db.selectFrom('audit_log').select('id').where('action', '=', 'document.view').where('entity_id', '=', id!).execute()).toEqual([]);
  });
});

describe('a document in another store than this server is configured with', () => {
  it('is ret_code 34009 with a reason in the log, not a 500', async () => {
    const app = await start({ documentStore: objectStore.config });
    const user = await newUser(app, 'store-moved@example.com');
    const [id] = await uploadDrafts(app, user.id, 1, [DocumentKind.DOCUMENT_FRONT]);
    // The same database read by a server whose DOCUMENT_STORE_URL names a directory instead.
    const warnings: string[] = [];
    const elsewhere = createDocumentsService({ db: app.db, config: { ...app.config, documentStore: { kind: 'file', dir: '/nonexistent-document-store' } }, log: { warn: (_obj, msg) => warnings.push(msg) } });
    await expect(elsewhere.readForOwner(user.id, id!)).rejects.toMatchObject({ retCode: RetCode.DOCUMENT_CONTENT_UNAVAILABLE });
    expect(warnings).toEqual([`content of document ${id} is in the s3 store, which this server is not configured with`]);
  });
});
