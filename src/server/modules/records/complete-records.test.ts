import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDataExport } from '../../../shared/api/records.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { jsonHeaders } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import { makeImage } from '../documents/test-images.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * Complete records (issue 30, decision 041): the user's data export holds every picture (also
 * questionnaire evidence), the phone links and liveness checks, and the risk intercepts; erasure at
 * the end of the retention period removes or blanks them, and the copy of the name a screening
 * match kept. The export and the stored state after erasure are both checked.
 */
let app: App;
let close: () => Promise<void>;
let user: TestUser;
let evidenceId: string;
let requestId: string;
const K = '/v3/private/kyc';
const SYSTEM = { type: 'system', id: null } as const;
const HEADER = 'id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen,last_change';

async function uploadEvidence(cookie: string) {
  const boundary = '----records-boundary';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(`${part('request_id', requestId)}${part('question_id', 'evidence')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payslip.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    await makeImage('jpeg', 640, 480),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({ method: 'POST', url: `/x-api${K}/upload-questionnaire-evidence`, headers: { ...jsonHeaders, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  const reviewer = await newReviewer(app, 'cr-reviewer@example.com');
  await app.services.staff.setRole(reviewer.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
  user = await newUser(app, 'cr-user@example.com');
  // The user's name is on the sanctions list: approving level 1 opens a potential match.
  await app.services.screening.loadList(`${HEADER}\ncr-0001,Person,${VALID_INFO.firstName} ${VALID_INFO.lastName},,${VALID_INFO.dateOfBirth},gb,,,"Test programme (fictional)",,,test,2025-01-01T00:00:00,2025-01-01T00:00:00,2025-01-01T00:00:00`, 'cr.csv', SYSTEM);
  // A phone link and a liveness check while level 1 is open.
  expect((await post(app, '/v1/private/capture/handoff/create', { level: 1, step: 'DOCUMENTS' }, user.cookie)).json().ret_code).toBe(0);
  await app.services.liveness.start(user.id, 1, { type: 'user', id: user.id });
  expect((await post(app, `/v1/console/cases/${await caseOf(app, await submitLevel1(app, user))}/approve`, {}, reviewer.cookie)).json().ret_code).toBe(0);
  // Screening follows the approval's commit: the level's event writes the job (decision 057), the job screens (decision 038).
  await app.services.events.subscribers.runDue();
  await app.services.screening.jobs.runDue();
  // A risk intercept of a withdrawal from France on a known device.
  await app.services.risk.intercept('WITHDRAW', { userId: user.id, guid: 'device-7', country: 'FR' }, { type: 'user', id: user.id });
  // Questionnaire evidence: a picture outside any application.
  requestId = (await post(app, `${K}/create-questionnaire`, { template_code: 'sourceOfFundsWealth', scene_code: 'TEST', biz_from: 'unit' }, user.cookie)).json().result.requestId as string;
  const uploaded = (await uploadEvidence(user.cookie)).json();
  expect(uploaded.ret_code).toBe(0);
  evidenceId = uploaded.result.id as string;
});
afterAll(async () => close());

describe('the data export holds everything the user gave', () => {
  it('every picture with its download address, the phone link, the liveness check and the risk intercept; nothing of the screening match', async () => {
    const reply = (await get(app, '/v1/private/user/data-export', user.cookie)).json();
    expect(reply.ret_code).toBe(0);
    const data = userDataExport.parse(reply.result);

    const kinds = data.documents.map((d) => d.kind);
    expect(kinds).toEqual(expect.arrayContaining(['DOCUMENT_FRONT', 'SELFIE']));
    expect(data.documents.find((d) => d.id === evidenceId)).toMatchObject({ attachedTo: requestId, mime: 'image/jpeg', downloadPath: expect.stringMatching(new RegExp(`^/x-api/.*/${evidenceId}$`)) });
    // The owner downloads the evidence picture from the address the export gives.
    const picture = await app.inject({ method: 'GET', url: data.documents.find((d) => d.id === evidenceId)!.downloadPath, headers: { cookie: user.cookie } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');

    expect(data.capture.handoffs).toEqual([{ level: 1, step: 'DOCUMENTS', status: expect.any(String), createdAt: expect.any(String), openedAt: null, finishedAt: null, uploads: 0 }]);
    expect(data.capture.livenessChecks).toHaveLength(1);
    expect(data.capture.livenessChecks[0]).toMatchObject({ level: 1, status: 'ISSUED', finishedAt: null, frames: 0 });
    expect(data.capture.livenessChecks[0]!.moves.length).toBeGreaterThan(0);

    expect(data.riskDecisions).toEqual([{ scene: 'WITHDRAW', requestCountry: 'FR', decision: expect.any(String), stepCode: expect.toBeOneOf([null, expect.any(Number)]), createdAt: expect.any(String) }]);
    // Tipping-off (decision 031): the match, its list entry and the rule names stay out.
    const text = JSON.stringify(data);
    expect(text).not.toContain('cr-0001');
    expect(text).not.toContain('Test programme');
    expect(await app.db.selectFrom('screening_matches').select('status').where('user_id', '=', user.id).execute()).toEqual([{ status: 'PENDING' }]);
  });
});

describe('erasure at the end of the retention period reaches them', () => {
  it('pictures, phone links and liveness checks go; the intercept and the match keep their facts without the personal data; the audit chain holds', async () => {
    expect((await post(app, '/v1/private/user/erasure-request', { confirm: 'ERASE' }, user.cookie)).json().result).toMatchObject({ outcome: 'RETAINED', reason: 'CUSTOMER_RECORDS' });
    await app.db.updateTable('erasure_requests').set({ keep_until: new Date(Date.now() - 86_400_000).toISOString() }).where('user_id', '=', user.id).execute();
    expect(await app.services.records.retention.run(new Date().toISOString())).toMatchObject({ closedAccountsErased: 1 });

    expect(await app.db.selectFrom('kyc_documents').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await app.db.selectFrom('capture_handoffs').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await app.db.selectFrom('capture_liveness').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await app.db.selectFrom('kyc_personal_info').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await app.db.selectFrom('risk_decisions').select(['scene', 'country', 'guid', 'facts']).where('user_id', '=', user.id).execute()).toEqual([{ scene: 'WITHDRAW', country: '', guid: null, facts: '{}' }]);
    const match = await app.db.selectFrom('screening_matches').select(['our_name', 'our_birth_date', 'hits', 'status']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(match).toMatchObject({ our_name: '', our_birth_date: '', status: 'PENDING' });
    expect(match.hits).toContain('cr-0001');

    // Nothing of the name or the device is left in the audit payloads of those records; the chain still verifies.
    const trail = await app.db.selectFrom('audit_log').select(['before', 'after']).where('entity_type', 'in', ['screening_match', 'risk_decision', 'capture_handoff']).execute();
    expect(trail.length).toBeGreaterThan(0);
    expect(JSON.stringify(trail)).not.toMatch(/Lovelace|device-7/);
    expect(await verifyAuditChain(app.db)).toMatchObject({ ok: true });
  });
});
