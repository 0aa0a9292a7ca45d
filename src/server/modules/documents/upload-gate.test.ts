import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserRole } from '../../../shared/api/accounts.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import { signIn } from '../../test/test-app.ts';
import { createKycTestApp, daysAgo, newReviewer, newUser, post, submitLevel1, uploadDrafts, VALID_INFO, type TestUser, caseOf, storedSteps } from '../kyc/kyc.fixtures.ts';
import { makeImage } from './test-images.ts';

/**
 * Uploads follow the same rule as submit-application (decision 005): a level's step must accept a
 * submission (ALLOW or FAILED_AND_CAN_RETRY, its prerequisite met, KYC steps available to the
 * member). Anything else is WRONG_STATE with nothing stored: no document, no audit record, no
 * upload counted against the hourly limit.
 */

let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'gate-reviewer@example.com');
});
afterAll(async () => close());

const fresh = () => newUser(app, `gate-${++seq}@example.com`);
const SAME_ORIGIN = { origin: 'http://localhost:80', host: 'localhost:80' };
const byReviewer = () => ({ type: 'reviewer' as const, id: reviewer.id });

/** A ready-to-send upload request (the image is rendered beforehand, so sending it starts at once). */
async function prepareUpload(a: App, cookie: string, level: 1 | 2, kind = level === 2 ? 'PROOF_OF_ADDRESS' : 'DOCUMENT_FRONT') {
  const fd = new FormData();
  fd.append('kind', kind);
  fd.append('level', String(level));
  fd.append('file', new Blob([new Uint8Array(await makeImage('jpeg', 800, 600, { seed: ++seq }))], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: fd });
  const payload = Buffer.from(await request.arrayBuffer());
  return () => a.inject({ method: 'POST', url: '/x-api/v3/private/kyc/upload-document', headers: { ...SAME_ORIGIN, cookie, 'content-type': request.headers.get('content-type')! }, payload });
}
const uploadAs = async (a: App, cookie: string, level: 1 | 2, kind?: string) => (await prepareUpload(a, cookie, level, kind))();
const upload = (u: TestUser, level: 1 | 2, kind?: string) => uploadAs(app, u.cookie, level, kind);

const draftsOf = (a: App, userId: string) => a.db.selectFrom('kyc_documents').select(['id', 'level', 'kind']).where('user_id', '=', userId).where('application_id', 'is', null).execute();
const documentAuditOf = (a: App, userId: string) =>
  a.db.selectFrom('audit_log').select('action').where('actor_id', '=', userId).where('action', 'like', 'document.%').execute();
const uploadsCounted = async (a: App, userId: string) =>
  Number((await a.db.selectFrom('rate_limits').select('count').where('key', '=', `documents:upload:${userId}`).executeTakeFirst())?.count ?? 0);

/** Refused with WRONG_STATE, and the user's drafts, document audit trail and upload count are unchanged. */
async function expectRefused(a: App, u: TestUser, level: 1 | 2, kind?: string) {
  const drafts = await draftsOf(a, u.id);
  const audit = await documentAuditOf(a, u.id);
  const counted = await uploadsCounted(a, u.id);
  const res = await uploadAs(a, u.cookie, level, kind);
  expect(res.statusCode).toBe(200);
  expect(res.json().ret_code).toBe(RetCode.WRONG_STATE);
  expect(await draftsOf(a, u.id)).toEqual(drafts);
  expect(await documentAuditOf(a, u.id)).toEqual(audit);
  expect(await uploadsCounted(a, u.id)).toBe(counted);
}

async function expectAccepted(u: TestUser, level: 1 | 2, kind?: string) {
  const res = await upload(u, level, kind);
  expect(res.json()).toMatchObject({ ret_code: 0, result: { level, applicationId: null } });
  expect((await draftsOf(app, u.id)).map((d) => d.id)).toContain(res.json().result.id);
}

describe('uploads only while the level accepts a submission', () => {
  it('a new member: level 1 (ALLOW) yes, level 2 (NOT_ALLOW, level 1 not reached) no', async () => {
    const u = await fresh();
    await expectAccepted(u, 1);
    await expectRefused(app, u, 2);
  });

  it('level 1 PENDING: neither level', async () => {
    const u = await fresh();
    await submitLevel1(app, u);
    await expectRefused(app, u, 1);
    await expectRefused(app, u, 1, 'SELFIE');
    await expectRefused(app, u, 2);
  });

  it('level 1 FAILED_AND_CAN_RETRY: level 1 yes (retake for the resubmission)', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    await app.services.console.reject(await caseOf(app, appId), byReviewer(), { mode: 'RETRY', reasonCode: 'SELFIE_UNCLEAR', userMessage: 'Retake the selfie.', internalNote: '' });
    await expectAccepted(u, 1, 'SELFIE');
    await expectRefused(app, u, 2);
  });

  it('level 1 FAILED_AND_CAN_NOT_RETRY: neither level', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    await app.services.console.reject(await caseOf(app, appId), byReviewer(), { mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', userMessage: 'We cannot verify you.', internalNote: '' });
    await expectRefused(app, u, 1);
    await expectRefused(app, u, 2);
  });

  it('level 1 SUCCESS: level 1 no, level 2 (ALLOW) yes; level 2 PENDING: no; level 2 FAILED_AND_CAN_RETRY: yes; level 2 SUCCESS: no', async () => {
    const u = await fresh();
    await app.services.console.approve(await caseOf(app, await submitLevel1(app, u)), byReviewer(), { internalNote: '' });
    await expectRefused(app, u, 1);
    await expectAccepted(u, 2);

    const l2 = await post(app, '/v3/private/kyc/submit-application', { level: 2, proofOfAddressType: 'UTILITY_BILL', issuedOn: daysAgo(10) }, u.cookie);
    expect(l2.json()).toMatchObject({ ret_code: 0, result: { status: 'PENDING' } });
    await expectRefused(app, u, 2);

    await app.services.console.reject(await caseOf(app, l2.json().result.applicationId), byReviewer(), { mode: 'RETRY', reasonCode: 'ADDRESS_MISMATCH', userMessage: 'The bill shows another address.', internalNote: '' });
    await expectAccepted(u, 2);
    await expectRefused(app, u, 1);

    const again = await post(app, '/v3/private/kyc/submit-application', { level: 2, proofOfAddressType: 'UTILITY_BILL', issuedOn: daysAgo(5) }, u.cookie);
    await app.services.console.approve(await caseOf(app, again.json().result.applicationId), byReviewer(), { internalNote: '' });
    await expectRefused(app, u, 2);
    await expectRefused(app, u, 1);
  });

  it('CERTIFICATION_DISABLED (the residence country became disabled): no', async () => {
    const u = await fresh();
    await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, u.cookie);
    await app.db.updateTable('kyc_personal_info').set({ residence_country: 'IR' }).where('user_id', '=', u.id).execute();
    await expectRefused(app, u, 1);
    const steps = await storedSteps(app, u.id);
    expect(steps.map((s) => s.status)).toEqual(['CERTIFICATION_DISABLED', 'CERTIFICATION_DISABLED']);
  });

  it("member_tag.KYC '1' (no KYC steps for this member): no, although level 1 is stored ALLOW", async () => {
    const email = 'gate-tagged@example.com';
    const id = await app.services.accounts.createUser({ email, password: 'correct-horse-battery' }, { type: 'system', id: null }, UserRole.USER, { member_tag: { KYC: '1' } });
    const u = { id, email, cookie: await signIn(app, email, 'correct-horse-battery', false) };
    await expectRefused(app, u, 1);
    await expectRefused(app, u, 2);
  });

  it('an upload racing a submission never leaves a draft behind a pending level (checked again in the storing transaction)', async () => {
    const u = await fresh();
    await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, u.cookie);
    await uploadDrafts(app, u.id, 1, ['DOCUMENT_FRONT', 'DOCUMENT_BACK', 'SELFIE']);
    // The upload passes its first check, then decodes for a while; the submission commits meanwhile.
    const send = await prepareUpload(app, u.cookie, 1, 'SELFIE');
    const [uploaded, submitted] = await Promise.all([
      send(),
      post(app, '/v3/private/kyc/submit-application', { level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE' }, u.cookie),
    ]);
    expect(submitted.json().ret_code).toBe(0);
    expect([0, RetCode.WRONG_STATE]).toContain(uploaded.json().ret_code);
    // Either the new selfie was stored first and the submission took it, or it was refused.
    expect(await draftsOf(app, u.id)).toEqual([]);
    const attached = await app.db.selectFrom('kyc_documents').select(['id', 'kind']).where('application_id', '=', submitted.json().result.applicationId).execute();
    expect(attached.map((d) => d.kind).sort()).toEqual(['DOCUMENT_BACK', 'DOCUMENT_FRONT', 'SELFIE']);
    if (uploaded.json().ret_code === 0) expect(attached.map((d) => d.id)).toContain(uploaded.json().result.id);
  });

  it('the service refuses too (the seed and fixtures call it directly), with WRONG_STATE and nothing stored', async () => {
    const u = await fresh();
    await submitLevel1(app, u);
    const before = await draftsOf(app, u.id);
    await expect(uploadDrafts(app, u.id, 1, ['SELFIE'])).rejects.toMatchObject({ retCode: RetCode.WRONG_STATE });
    expect(await draftsOf(app, u.id)).toEqual(before);
  });
});

describe('KYC not opened on this deployment (KYC_OPENED=false)', () => {
  let closed: App;
  let closeClosed: () => Promise<void>;
  beforeAll(async () => ({ app: closed, close: closeClosed } = await createKycTestApp({ kycOpened: false })));
  afterAll(async () => closeClosed());

  it('no uploads at any level', async () => {
    const cookie = await signIn(closed, 'closed-upload@example.com');
    const row = await closed.db.selectFrom('users').select('id').where('email', '=', 'closed-upload@example.com').executeTakeFirstOrThrow();
    const u = { id: row.id, email: 'closed-upload@example.com', cookie };
    await expectRefused(closed, u, 1);
    await expectRefused(closed, u, 2);
  });
});
