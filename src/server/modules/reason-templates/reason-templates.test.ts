import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, type TestUser } from '../kyc/kyc.fixtures.ts';
import { jsonHeaders } from '../../test/test-app.ts';

/**
 * Several reasons per rejection and the administrators' message templates per reason (issue 28,
 * decision 052): a reviewer rejects with three reasons (kyc-info shows each; a four-eyes proposal
 * keeps them), administrators edit the templates (audited; reviewers and users cannot), and the user
 * reads the template of each reason in their language. Reply AND stored state.
 */
const C = '/v1/console/cases';
const T = '/v1/console/reason-templates';
const SYSTEM = { type: 'system', id: null } as const;

let app: App;
let close: () => Promise<void>;
let admin: TestUser;
let reviewer: TestUser;
let senior: TestUser;
beforeAll(async () => {
  // FINAL rejections take a second look (the default rule): a proposal must keep every reason.
  ({ app, close } = await createKycTestApp({ fourEyes: [{ outcome: 'REJECT', modes: ['FINAL'] }] }));
  admin = await newReviewer(app, 'rt-admin@example.com');
  await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
  reviewer = await newReviewer(app, 'rt-reviewer@example.com');
  senior = await newReviewer(app, 'rt-senior@example.com');
  await app.services.staff.setRole(senior.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
});
afterAll(async () => close());

const put = (body: object, cookie: string) => app.inject({ method: 'PUT', url: `/x-api${T}`, headers: { ...jsonHeaders, cookie }, payload: body });
const REASONS = { reasonCode: 'DOCUMENT_UNREADABLE', reasonCodes: ['SELFIE_UNCLEAR', 'DATA_MISMATCH'] } as const;

describe('reason templates', () => {
  it('administrators save one per reason and language (audited; an empty text removes it); reviewers read them; reviewers and users cannot save', async () => {
    const saved = (await put({ reasonCode: 'SELFIE_UNCLEAR', language: 'de-DE', text: 'Ihr Selfie ist unscharf. Bitte machen Sie es bei gutem Licht neu.' }, admin.cookie)).json();
    expect(saved).toMatchObject({ ret_code: 0, result: { templates: [{ reasonCode: 'SELFIE_UNCLEAR', language: 'de-DE', updatedBy: admin.id }] } });
    expect(await app.db.selectFrom('reason_templates').select(['reason_code', 'language', 'text']).execute()).toEqual([{ reason_code: 'SELFIE_UNCLEAR', language: 'de-DE', text: 'Ihr Selfie ist unscharf. Bitte machen Sie es bei gutem Licht neu.' }]);
    expect((await put({ reasonCode: 'SELFIE_UNCLEAR', language: 'de-DE', text: 'x' }, reviewer.cookie)).json().ret_code).toBe(10009);
    const user = await newUser(app, 'rt-user-0@example.com');
    expect((await put({ reasonCode: 'SELFIE_UNCLEAR', language: 'de-DE', text: 'x' }, user.cookie)).json().ret_code).toBe(10009);
    // Unknown reason or language: refused by field.
    expect((await put({ reasonCode: 'NOPE', language: 'de-DE', text: 'x' }, admin.cookie)).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'reasonCode' }] } });
    expect((await put({ reasonCode: 'SELFIE_UNCLEAR', language: 'xx-XX', text: 'x' }, admin.cookie)).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'language' }] } });
    expect((await get(app, T, reviewer.cookie)).json().result.templates).toHaveLength(1);

    await put({ reasonCode: 'OTHER', language: 'en', text: 'temporary' }, admin.cookie);
    await put({ reasonCode: 'OTHER', language: 'en', text: '' }, admin.cookie);
    expect(await app.db.selectFrom('reason_templates').select('reason_code').where('reason_code', '=', 'OTHER').execute()).toEqual([]);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_type', '=', 'reason_template').orderBy('seq').execute();
    expect(audit).toEqual([
      { action: 'reason_template.save', actor_id: admin.id },
      { action: 'reason_template.save', actor_id: admin.id },
      { action: 'reason_template.remove', actor_id: admin.id },
    ]);
  });

  it('a rejection with three reasons: each in kyc-info, kept through a four-eyes proposal; the user reads each reason\'s template in their language', async () => {
    await put({ reasonCode: 'DOCUMENT_UNREADABLE', language: 'de-DE', text: 'Das Dokument ist nicht lesbar.' }, admin.cookie);
    await put({ reasonCode: 'DOCUMENT_UNREADABLE', language: 'en', text: 'The document cannot be read.' }, admin.cookie);
    const u = await newUser(app, 'rt-user-1@example.com');
    const caseId = await caseOf(app, await submitLevel1(app, u));

    // A further reason of another level is refused, nothing decided.
    expect((await post(app, `${C}/${caseId}/reject`, { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', reasonCodes: ['PROOF_OF_ADDRESS_TOO_OLD'], userMessage: 'Please try again.', internalNote: '' }, reviewer.cookie)).json()).toMatchObject({
      ret_code: 10001,
      result: { fields: [{ path: 'reasonCodes' }] },
    });
    const proposed = (await post(app, `${C}/${caseId}/reject`, { mode: 'FINAL', ...REASONS, userMessage: 'We cannot verify you with these pictures.', internalNote: '' }, reviewer.cookie)).json();
    expect(proposed).toMatchObject({ ret_code: 0, result: { proposal: { status: 'OPEN' } } });
    expect(JSON.parse((await app.db.selectFrom('review_proposals').select('reason_codes').where('case_id', '=', caseId).executeTakeFirstOrThrow()).reason_codes!)).toEqual(['DOCUMENT_UNREADABLE', 'SELFIE_UNCLEAR', 'DATA_MISMATCH']);
    expect((await post(app, `${C}/${caseId}/confirm`, { note: 'Agreed.' }, senior.cookie)).json()).toMatchObject({ ret_code: 0, result: { status: 'REJECTED' } });

    const decision = await app.db.selectFrom('review_decisions').select(['reason_code', 'reason_codes']).where('case_id', '=', caseId).executeTakeFirstOrThrow();
    expect(decision.reason_code).toBe('DOCUMENT_UNREADABLE');
    expect(JSON.parse(decision.reason_codes!)).toEqual(['DOCUMENT_UNREADABLE', 'SELFIE_UNCLEAR', 'DATA_MISMATCH']);
    // The case's history keeps every reason, of the proposal and of the decision.
    const history = await app.db.selectFrom('audit_log').select(['action', 'after']).where('entity_id', '=', caseId).where('action', 'in', ['review.case.propose', 'review.case.decide']).orderBy('seq').execute();
    expect(history.map((h) => [h.action, (JSON.parse(h.after!) as { reasonCodes?: string[] }).reasonCodes])).toEqual([
      ['review.case.propose', ['DOCUMENT_UNREADABLE', 'SELFIE_UNCLEAR', 'DATA_MISMATCH']],
      ['review.case.decide', ['DOCUMENT_UNREADABLE', 'SELFIE_UNCLEAR', 'DATA_MISMATCH']],
    ]);
    const info = (await post(app, '/v3/private/kyc/kyc-info', {}, u.cookie)).json().result;
    expect(info.errorNotify.map((n: { reasonCode: string }) => n.reasonCode)).toEqual(['DOCUMENT_UNREADABLE', 'SELFIE_UNCLEAR', 'DATA_MISMATCH']);

    // The user's templates: their language's (German), else its base (en-US → en); none in a language without any.
    expect((await get(app, '/v3/private/kyc/reason-templates?lang=de-DE', u.cookie)).json().result).toEqual({
      language: 'de-DE',
      templates: { DOCUMENT_UNREADABLE: 'Das Dokument ist nicht lesbar.', SELFIE_UNCLEAR: 'Ihr Selfie ist unscharf. Bitte machen Sie es bei gutem Licht neu.' },
    });
    expect((await get(app, '/v3/private/kyc/reason-templates?lang=en-US', u.cookie)).json().result).toEqual({ language: 'en-US', templates: { DOCUMENT_UNREADABLE: 'The document cannot be read.' } });
    expect((await get(app, '/v3/private/kyc/reason-templates?lang=ja-JP', u.cookie)).json().result.templates).toEqual({});
    expect((await get(app, '/v3/private/kyc/reason-templates?lang=de-DE')).json().ret_code).toBe(10007);
  });
});
