import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserRole } from '../../../shared/api/accounts.ts';
import { DocumentKind } from '../../../shared/kyc.ts';
import type { App } from '../../app.ts';
import { signIn } from '../../test/test-app.ts';
import { createKycTestApp, daysAgo, get, newReviewer, newUser, post, submitLevel1, uploadDrafts, VALID_INFO, type TestUser, caseOf, storedSteps } from './kyc.fixtures.ts';

/**
 * Decision 005: people move. After level 1 is verified, the residential address (and only it) may
 * be changed while level 2 accepts a submission, so a proof of address rejected for showing another
 * address can be answered. Names, date of birth and nationality stay as verified.
 */

let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'address-reviewer@example.com');
});
afterAll(async () => close());

const fresh = () => newUser(app, `address-${++seq}@example.com`);
const kyc = (path: string) => `/v3/private/kyc/${path}`;
const byReviewer = () => ({ type: 'reviewer' as const, id: reviewer.id });

const NEW_ADDRESS = { residenceCountry: 'de', addressLine1: ' Torstraße 12 ', addressLine2: '', city: 'Berlin', stateRegion: '', postalCode: '10119' };
const STORED_NEW_ADDRESS = { residenceCountry: 'DE', addressLine1: 'Torstraße 12', addressLine2: '', city: 'Berlin', stateRegion: '', postalCode: '10119' };
const OLD_ADDRESS = { residenceCountry: 'GB', addressLine1: '12 Example Street', addressLine2: 'Flat 3', city: 'London', stateRegion: '', postalCode: 'SW1A 1AA' };

const updateAddress = (u: TestUser, body: object) => post(app, kyc('update-address'), body, u.cookie);
const rowOf = (u: TestUser) => app.db.selectFrom('kyc_personal_info').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
const addressAudit = (u: TestUser) =>
  app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', u.id).where('action', '=', 'kyc.personal_info.address_update').orderBy('at').orderBy('seq').execute();

/** Level 1 approved; level 2 ALLOW. */
async function level1Approved(): Promise<TestUser> {
  const u = await fresh();
  await app.services.console.approve(await caseOf(app, await submitLevel1(app, u)), byReviewer(), { internalNote: '' });
  return u;
}

/** Level 2 submitted with a utility bill; returns the application id. */
async function submitLevel2(u: TestUser): Promise<string> {
  await uploadDrafts(app, u.id, 2, [DocumentKind.PROOF_OF_ADDRESS]);
  const res = await post(app, kyc('submit-application'), { level: 2, proofOfAddressType: 'UTILITY_BILL', issuedOn: daysAgo(10) }, u.cookie);
  expect(res.json().ret_code).toBe(0);
  return res.json().result.applicationId;
}

const ADDRESS_MISMATCH = { mode: 'RETRY' as const, reasonCode: 'ADDRESS_MISMATCH' as const, userMessage: 'The bill shows another address than the one you gave.', internalNote: '' };

/** Refused with `retCode`; the stored row and the audit trail are unchanged. */
async function expectRefused(u: TestUser, retCode: number) {
  const row = await rowOf(u);
  const audit = await addressAudit(u);
  expect((await updateAddress(u, NEW_ADDRESS)).json().ret_code).toBe(retCode);
  expect(await rowOf(u)).toEqual(row);
  expect(await addressAudit(u)).toEqual(audit);
}

describe('update-address after level 1', () => {
  it('level 1 SUCCESS, level 2 ALLOW: only the address changes, in one audited write; the personal information as a whole stays locked', async () => {
    const u = await level1Approved();
    const before = await rowOf(u);
    const read = (await get(app, kyc('kyc-personal-info'), u.cookie)).json().result;
    expect(read).toMatchObject({ editable: false, addressEditable: true });

    const res = await updateAddress(u, NEW_ADDRESS);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { editable: false, addressEditable: true, info: { ...STORED_NEW_ADDRESS, firstName: 'Ada', lastName: 'Lovelace', nationality: 'GB' } } });

    const after = await rowOf(u);
    expect(after).toMatchObject({ residence_country: 'DE', address_line1: 'Torstraße 12', address_line2: '', city: 'Berlin', postal_code: '10119' });
    // Names, date of birth, nationality and creation time are exactly as verified.
    for (const column of ['first_name', 'middle_name', 'last_name', 'date_of_birth', 'nationality', 'created_at'] as const) expect(after[column]).toBe(before[column]);
    expect(after.updated_at > before.updated_at).toBe(true);

    const audit = await addressAudit(u);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_type: 'user', actor_id: u.id, entity_type: 'kyc_personal_info' });
    expect(JSON.parse(audit[0]!.before!)).toEqual(OLD_ADDRESS);
    expect(JSON.parse(audit[0]!.after!)).toEqual(STORED_NEW_ADDRESS);

    expect((await post(app, kyc('kyc-info'), {}, u.cookie)).json().result.residenceCountry).toBe('DE');
    // The full form stays locked: 35002, nothing changes.
    expect((await post(app, kyc('kyc-personal-info'), { ...VALID_INFO, firstName: 'Augusta' }, u.cookie)).json().ret_code).toBe(35002);
    expect((await rowOf(u)).first_name).toBe('Ada');
  });

  it('names, date of birth and nationality in the body are ignored, never written', async () => {
    const u = await level1Approved();
    const res = await updateAddress(u, { ...NEW_ADDRESS, firstName: 'Mallory', lastName: 'Smith', dateOfBirth: '2001-01-01', nationality: 'FR', middleName: 'X' });
    expect(res.json().ret_code).toBe(0);
    expect(await rowOf(u)).toMatchObject({ first_name: 'Ada', middle_name: '', last_name: 'Lovelace', date_of_birth: '1990-12-10', nationality: 'GB', residence_country: 'DE' });
    const [audit] = await addressAudit(u);
    expect(Object.keys(JSON.parse(audit!.after!)).sort()).toEqual(['addressLine1', 'addressLine2', 'city', 'postalCode', 'residenceCountry', 'stateRegion']);
  });

  it('after a level 2 RETRY rejection for an address mismatch: update, new proof, resubmission; each snapshot keeps its address', async () => {
    const u = await level1Approved();
    const first = await submitLevel2(u);
    // While level 2 is under review the address is locked too.
    expect((await get(app, kyc('kyc-personal-info'), u.cookie)).json().result.addressEditable).toBe(false);
    await expectRefused(u, 35002);

    await app.services.console.reject(await caseOf(app, first), byReviewer(), ADDRESS_MISMATCH);
    expect((await get(app, kyc('kyc-personal-info'), u.cookie)).json().result).toMatchObject({ editable: false, addressEditable: true });
    expect((await updateAddress(u, NEW_ADDRESS)).json().ret_code).toBe(0);

    const second = await submitLevel2(u);
    const snapshot = async (id: string) => JSON.parse((await app.db.selectFrom('kyc_applications').select('submitted').where('id', '=', id).executeTakeFirstOrThrow()).submitted);
    expect((await snapshot(second)).personalInfo).toMatchObject({ ...STORED_NEW_ADDRESS, firstName: 'Ada', nationality: 'GB' });
    expect((await snapshot(first)).personalInfo).toMatchObject(OLD_ADDRESS);
    // The new application is filed under the new residence country.
    expect((await app.db.selectFrom('kyc_applications').select('country').where('id', '=', second).executeTakeFirstOrThrow()).country).toBe('DE');
    // The reviewer sees the new address on the new case.
    const kase = (await get(app, `/v1/console/cases/${await caseOf(app, second)}`, reviewer.cookie)).json().result;
    expect(kase.subject.submitted.personalInfo).toMatchObject(STORED_NEW_ADDRESS);
  });

  it('refused (35002) while level 1 is pending or finally rejected, and once level 2 is pending, verified or finally rejected', async () => {
    const pending = await fresh();
    await submitLevel1(app, pending);
    await expectRefused(pending, 35002);

    const final = await fresh();
    await app.services.console.reject(await caseOf(app, await submitLevel1(app, final)), byReviewer(), { mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', userMessage: 'We cannot verify you.', internalNote: '' });
    await expectRefused(final, 35002);

    const l2Approved = await level1Approved();
    await app.services.console.approve(await caseOf(app, await submitLevel2(l2Approved)), byReviewer(), { internalNote: '' });
    await expectRefused(l2Approved, 35002);
    expect((await get(app, kyc('kyc-personal-info'), l2Approved.cookie)).json().result).toMatchObject({ editable: false, addressEditable: false });

    const l2Final = await level1Approved();
    await app.services.console.reject(await caseOf(app, await submitLevel2(l2Final)), byReviewer(), { ...ADDRESS_MISMATCH, mode: 'FINAL' });
    await expectRefused(l2Final, 35002);
  });

  it('before level 1 is submitted it changes with the rest (editable); without any personal information: 35001', async () => {
    const u = await fresh();
    expect((await updateAddress(u, NEW_ADDRESS)).json().ret_code).toBe(35001);
    expect(await app.db.selectFrom('kyc_personal_info').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
    await post(app, kyc('kyc-personal-info'), VALID_INFO, u.cookie);
    expect((await get(app, kyc('kyc-personal-info'), u.cookie)).json().result).toMatchObject({ editable: true, addressEditable: true });
    expect((await updateAddress(u, NEW_ADDRESS)).json()).toMatchObject({ ret_code: 0, result: { info: STORED_NEW_ADDRESS } });
  });

  it('validated by the shared schema: enabled countries only, postal code where the country has them, required lines', async () => {
    const u = await level1Approved();
    const row = await rowOf(u);
    const disabled = await updateAddress(u, { ...NEW_ADDRESS, residenceCountry: 'IR' });
    expect(disabled.json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'residenceCountry', code: 'kyc-rules.country_not_supported' }] } });
    const noPostal = await updateAddress(u, { ...NEW_ADDRESS, postalCode: '' });
    expect(noPostal.json().result.fields).toEqual([{ path: 'postalCode', code: 'required' }]);
    const missing = await updateAddress(u, { residenceCountry: 'DE', postalCode: '10119' });
    expect(missing.json().result.fields.map((f: { path: string }) => f.path).sort()).toEqual(['addressLine1', 'city']);
    const markup = await updateAddress(u, { ...NEW_ADDRESS, addressLine1: '<script>x</script>' });
    expect(markup.json().result.fields).toEqual([{ path: 'addressLine1', code: 'kyc-rules.invalid_text' }]);
    // A country without postal codes may leave it empty.
    expect((await updateAddress(u, { ...NEW_ADDRESS, residenceCountry: 'AE', city: 'Dubai', postalCode: '' })).json().ret_code).toBe(0);
    expect(row.residence_country).toBe('GB');
    expect((await rowOf(u)).residence_country).toBe('AE');
    expect(await addressAudit(u)).toHaveLength(1);
  });

  it('the same address again writes and records nothing', async () => {
    const u = await level1Approved();
    expect((await updateAddress(u, NEW_ADDRESS)).json().ret_code).toBe(0);
    const row = await rowOf(u);
    expect((await updateAddress(u, NEW_ADDRESS)).json().ret_code).toBe(0);
    expect(await rowOf(u)).toEqual(row);
    expect(await addressAudit(u)).toHaveLength(1);
  });

  it('a residence country that became disabled closes the steps, and with them the address (35002)', async () => {
    const u = await level1Approved();
    await app.db.updateTable('kyc_personal_info').set({ residence_country: 'IR' }).where('user_id', '=', u.id).execute();
    await expectRefused(u, 35002);
    const steps = await storedSteps(app, u.id);
    expect(steps.map((s) => s.status)).toEqual(['SUCCESS', 'CERTIFICATION_DISABLED']);
  });

  it("member_tag.KYC '1' (no KYC steps): 10012, nothing changes", async () => {
    const email = 'address-tagged@example.com';
    const id = await app.services.accounts.createUser({ email, password: 'correct-horse-battery' }, { type: 'system', id: null }, UserRole.USER, { member_tag: { KYC: '1' } });
    const u = { id, email, cookie: await signIn(app, email, 'correct-horse-battery', false) };
    expect((await updateAddress(u, NEW_ADDRESS)).json().ret_code).toBe(10012);
    expect((await get(app, kyc('kyc-personal-info'), u.cookie)).json().result).toMatchObject({ editable: false, addressEditable: false });
  });

  it('anonymous callers get 10007; reviewers 10009', async () => {
    expect((await post(app, kyc('update-address'), NEW_ADDRESS)).json().ret_code).toBe(10007);
    expect((await post(app, kyc('update-address'), NEW_ADDRESS, reviewer.cookie)).json().ret_code).toBe(10009);
  });
});
