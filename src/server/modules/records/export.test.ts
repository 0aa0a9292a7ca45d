import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, type TestUser } from '../kyc/kyc.fixtures.ts';

/** Exports (decision 018): the user's own data, a case archive for a regulator; and console roles. */
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let user: TestUser;
let caseId: string;
const SYSTEM = { type: 'system', id: null } as const;

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'export-reviewer@example.com');
  user = await newUser(app, 'export-user@example.com');
  caseId = await caseOf(app, await submitLevel1(app, user));
  await post(app, `/v1/console/cases/${caseId}/reject`, { mode: 'RETRY', reasonCode: 'SELFIE_UNCLEAR', userMessage: 'Please take the selfie again without a hat.', internalNote: 'SECRET-NOTE: looks like a mask?' }, reviewer.cookie);
});
afterAll(async () => close());

describe("the user's data export", () => {
  it('holds the profile, the verification data and the decisions about them, never an internal note; audited', async () => {
    const res = (await get(app, '/v1/private/user/data-export', user.cookie)).json();
    expect(res.ret_code).toBe(0);
    const data = res.result;
    expect(data).toMatchObject({
      format: 'user-accounts/data-export/v1',
      account: { id: user.id, email: user.email },
      personalInfo: { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' },
      applications: [{ level: 1, status: 'REJECTED', documentType: 'DRIVERS_LICENSE', submitted: { personalInfo: { lastName: 'Lovelace' } } }],
      decisions: [{ caseId, outcome: 'REJECT', mode: 'RETRY', reasonCode: 'SELFIE_UNCLEAR', userMessage: 'Please take the selfie again without a hat.', decidedBy: 'reviewer' }],
    });
    expect(data.applications[0].documents).toHaveLength(3);
    // The owner downloads each image from the address given.
    expect((await get(app, data.applications[0].documents[0].downloadPath.replace('/x-api', ''), user.cookie)).statusCode).toBe(200);
    const text = JSON.stringify(data);
    expect(text).not.toContain('SECRET-NOTE');
    expect(text).not.toContain(reviewer.id);
    expect(await app.db.selectFrom('audit_log').select('actor_id').where('action', '=', 'records.user_export').execute()).toEqual([{ actor_id: user.id }]);
  });

  it('is the caller\'s own: a reviewer or an anonymous caller gets none', async () => {
    expect((await get(app, '/v1/private/user/data-export', reviewer.cookie)).json().ret_code).toBe(10009);
    expect((await get(app, '/v1/private/user/data-export')).json().ret_code).toBe(10007);
  });
});

describe("a case archive for a regulator", () => {
  it('is a ZIP with the case (internal note included), its audit entries and the images; the export is audited with its SHA-256', async () => {
    const res = await get(app, `/v1/console/cases/${caseId}/export`, reviewer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="case-${caseId}.zip"`);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(expect.arrayContaining(['README.txt', 'audit.json', 'case.json']));
    expect(Object.keys(files).filter((f) => f.startsWith('documents/'))).toHaveLength(3);
    const kase = JSON.parse(strFromU8(files['case.json']!));
    expect(kase).toMatchObject({ exportedBy: reviewer.id, case: { id: caseId }, decision: { internalNote: 'SECRET-NOTE: looks like a mask?' } });
    const audit = JSON.parse(strFromU8(files['audit.json']!)) as { action: string; hash: string }[];
    expect(audit.map((a) => a.action)).toContain('review.case.decide');
    expect(audit.every((a) => /^[0-9a-f]{64}$/.test(a.hash))).toBe(true);
    const sha = createHash('sha256').update(res.rawPayload).digest('hex');
    expect(res.headers['x-content-sha256']).toBe(sha);
    const recorded = await app.db.selectFrom('audit_log').select(['actor_id', 'after']).where('action', '=', 'records.case_export').executeTakeFirstOrThrow();
    expect(recorded.actor_id).toBe(reviewer.id);
    expect(JSON.parse(recorded.after!)).toMatchObject({ sha256: sha });
  });

  it('is for reviewers only', async () => {
    expect((await get(app, `/v1/console/cases/${caseId}/export`, user.cookie)).json().ret_code).toBe(10009);
    expect((await get(app, `/v1/console/cases/${caseId}/export`)).json().ret_code).toBe(10007);
  });
});

describe('console roles', () => {
  it('an administrator lists members and changes a role (audited); others may not; the last administrator stays', async () => {
    const admin = await newReviewer(app, 'roles-admin@example.com');
    await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
    expect((await get(app, '/v1/console/me', reviewer.cookie)).json().result.role).toBe('reviewer');
    expect((await get(app, '/v1/console/staff', reviewer.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, `/v1/console/staff/${reviewer.id}/role`, { role: 'administrator' }, reviewer.cookie)).json().ret_code).toBe(10009);

    const list = (await get(app, '/v1/console/staff', admin.cookie)).json().result.items;
    expect(list).toContainEqual(expect.objectContaining({ email: reviewer.email, role: 'reviewer' }));
    expect(list.map((m: { email: string }) => m.email)).not.toContain(user.email);

    const changed = (await post(app, `/v1/console/staff/${reviewer.id}/role`, { role: 'senior_reviewer' }, admin.cookie)).json();
    expect(changed).toMatchObject({ ret_code: 0, result: { id: reviewer.id, role: 'senior_reviewer' } });
    expect(await app.db.selectFrom('staff_roles').select('role').where('user_id', '=', reviewer.id).executeTakeFirst()).toEqual({ role: 'senior_reviewer' });
    const audited = await app.db.selectFrom('audit_log').select(['actor_id', 'before', 'after']).where('action', '=', 'staff.role.change').where('entity_id', '=', reviewer.id).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect({ ...audited, before: JSON.parse(audited.before!), after: JSON.parse(audited.after!) }).toEqual({ actor_id: admin.id, before: { role: 'reviewer' }, after: { role: 'senior_reviewer' } });
    expect((await get(app, '/v1/console/me', reviewer.cookie)).json().result.role).toBe('senior_reviewer');

    expect((await post(app, `/v1/console/staff/${admin.id}/role`, { role: 'reviewer' }, admin.cookie)).json().ret_code).toBe(10012);
    expect((await post(app, `/v1/console/staff/${user.id}/role`, { role: 'reviewer' }, admin.cookie)).json().ret_code).toBe(10011);
    expect((await post(app, `/v1/console/staff/${reviewer.id}/role`, { role: 'owner' }, admin.cookie)).json().ret_code).toBe(10001);
  });
});
