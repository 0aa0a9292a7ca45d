import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import { caseOf, createKycTestApp, daysAgo, get, newReviewer, newUser, post, submitLevel1, type TestUser } from '../kyc/kyc.fixtures.ts';
import { makeImage } from './test-images.ts';
import { testPdf } from './test-pdfs.ts';

/**
 * Decision 053: a proof of address may be a PDF. It is checked by its content (never the declared
 * type), kept as sent, shown to its owner and to reviewers as a drawing of its first page, and the
 * reviewer may save the original (an attachment that nothing can run).
 */

let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'pdf-reviewer@example.com');
});
afterAll(async () => close());

/** One member for the refusals: a refused upload leaves nothing behind, so they can share. */
let refusing: Promise<TestUser> | undefined;

const SAME_ORIGIN = { origin: 'http://localhost:80', host: 'localhost:80' };

/** A member with level 1 approved: level 2 takes a proof of address. */
async function levelTwoUser(): Promise<TestUser> {
  const u = await newUser(app, `pdf-${++seq}@example.com`);
  await app.services.console.approve(await caseOf(app, await submitLevel1(app, u)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
  return u;
}

/** Sends `bytes` as a file declared `declaredType` (what a browser would say; the server must not care). */
async function upload(u: TestUser, bytes: Buffer, { kind = 'PROOF_OF_ADDRESS', level = 2, declaredType = 'application/pdf' } = {}) {
  const fd = new FormData();
  fd.append('kind', kind);
  fd.append('level', String(level));
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: declaredType }), 'statement.pdf');
  const request = new Request('http://localhost/', { method: 'POST', body: fd });
  const payload = Buffer.from(await request.arrayBuffer());
  return app.inject({ method: 'POST', url: '/x-api/v3/private/kyc/upload-document', headers: { ...SAME_ORIGIN, cookie: u.cookie, 'content-type': request.headers.get('content-type')! }, payload });
}

/** The user's proofs of address as stored (level 1's pictures left aside). */
const storedOf = (userId: string) =>
  app.db.selectFrom('kyc_documents').select(['id', 'kind', 'mime', 'byte_size', 'width', 'height', 'sha256']).where('user_id', '=', userId).where('kind', 'in', ['PROOF_OF_ADDRESS', 'DOCUMENT_FRONT']).where('level', '=', 2).execute();
const documentAuditOf = (userId: string) => app.db.selectFrom('audit_log').select('action').where('actor_id', '=', userId).where('action', 'like', 'document.%').execute();

describe('PDF proof of address', () => {
  it('is stored as sent, shown to its owner and to the reviewer as its first page, and the reviewer can save the original', async () => {
    const u = await levelTwoUser();
    const pdf = testPdf({ pages: 2 });
    // Declared as an image by the browser: the bytes decide.
    const res = await upload(u, pdf, { declaredType: 'image/jpeg' });
    expect(res.json()).toMatchObject({ ret_code: 0, result: { kind: 'PROOF_OF_ADDRESS', mime: 'application/pdf', byteSize: pdf.length, applicationId: null } });
    const id = res.json().result.id as string;
    const [row] = await storedOf(u.id);
    expect(row).toMatchObject({ id, mime: 'application/pdf', byte_size: pdf.length });
    // The first page (A4) drawn at 1600 px on its long side.
    expect([Number(row!.width), Number(row!.height)]).toEqual([1131, 1600]);
    // The original is what is kept (sealed): the owner's export would hand back these very bytes.
    expect(row!.sha256).toBe((await import('node:crypto')).createHash('sha256').update(pdf).digest('hex'));

    // The owner's view: a JPEG of the first page, never the PDF.
    const own = await get(app, `/v3/private/kyc/document/${id}`, u.cookie);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('jpeg');

    const submit = await post(app, '/v3/private/kyc/submit-application', { level: 2, proofOfAddressType: 'BANK_STATEMENT', issuedOn: daysAgo(10), documentIds: [id] }, u.cookie);
    expect(submit.json()).toMatchObject({ ret_code: 0, result: { status: 'PENDING' } });
    const kase = (await get(app, `/v1/console/cases/${await caseOf(app, submit.json().result.applicationId)}`, reviewer.cookie)).json().result;
    const [doc] = kase.subject.documents;
    expect(doc).toMatchObject({ id, mime: 'application/pdf', downloadPath: `/x-api/v1/console/document/${id}`, originalPath: `/x-api/v1/console/document/${id}?original=1` });

    const view = await app.inject({ method: 'GET', url: doc.downloadPath, headers: { cookie: reviewer.cookie } });
    expect(view.headers['content-type']).toBe('image/jpeg');
    const page = await sharp(view.rawPayload).metadata();
    expect([page.width, page.height]).toEqual([1131, 1600]);

    const original = await app.inject({ method: 'GET', url: doc.originalPath, headers: { cookie: reviewer.cookie } });
    expect(original.statusCode).toBe(200);
    expect(Buffer.compare(original.rawPayload, pdf)).toBe(0);
    expect(original.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="document-${id}.pdf"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    });
    // Both reads are audited views.
    const views = await app.db.selectFrom('audit_log').select('actor_id').where('action', '=', 'document.view').where('entity_id', '=', id).execute();
    expect(views).toEqual([{ actor_id: reviewer.id }, { actor_id: reviewer.id }]);
  });

  it.each([
    ['encrypted', testPdf({ encrypted: true }), RetCode.DOCUMENT_PDF_ENCRYPTED, {}],
    ['a script run on open', testPdf({ openActionScript: true }), RetCode.DOCUMENT_PDF_ACTIVE_CONTENT, {}],
    ['a script on a link, its name escaped', testPdf({ annotationScript: true }), RetCode.DOCUMENT_PDF_ACTIVE_CONTENT, {}],
    ['too many pages', testPdf({ pages: 21 }), RetCode.DOCUMENT_PDF_TOO_MANY_PAGES, { maxPages: 20 }],
    ['not a PDF past its header', Buffer.from('%PDF-1.7\nnothing else here'), RetCode.DOCUMENT_IMAGE_UNREADABLE, {}],
  ] as const)('a PDF with %s is refused and nothing is stored', async (_, bytes, retCode, result) => {
    const u = await (refusing ??= levelTwoUser());
    const audit = await documentAuditOf(u.id);
    const res = await upload(u, bytes);
    expect(res.json()).toMatchObject({ ret_code: retCode, result });
    expect(await storedOf(u.id)).toEqual([]);
    expect(await documentAuditOf(u.id)).toEqual(audit);
  });

  it('is a proof of address only: a PDF as the front of an ID is an unsupported type', async () => {
    const u = await newUser(app, `pdf-${++seq}@example.com`);
    const res = await upload(u, testPdf(), { kind: 'DOCUMENT_FRONT', level: 1 });
    expect(res.json()).toMatchObject({ ret_code: RetCode.DOCUMENT_TYPE_UNSUPPORTED, result: { detected: 'application/pdf' } });
    expect(await documentAuditOf(u.id)).toEqual([]);
  });

  it('a photo of the statement is still a re-encoded JPEG, whatever the browser called it', async () => {
    const u = await levelTwoUser();
    const res = await upload(u, await makeImage('png', 900, 700, { seed: 5 }), { declaredType: 'application/pdf' });
    expect(res.json()).toMatchObject({ ret_code: 0, result: { mime: 'image/jpeg', width: 900, height: 700 } });
  });
});
