import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../shared/ret-codes.ts';
import { ValidationMessage } from '../shared/validation.ts';
import type { App } from './app.ts';
import { caseOf, createKycTestApp, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from './modules/kyc/kyc.fixtures.ts';

/**
 * Every free-text field refuses invisible and control characters (bidirectional overrides and
 * isolates, zero-width characters, controls) with the translated key `invisible_characters`, and
 * nothing is stored: a reviewer must read exactly what is there.
 */

let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'free-text-reviewer@example.com');
});
afterAll(async () => close());

const fresh = () => newUser(app, `free-text-${++seq}@example.com`);
const RLO = '\u202e';
const PDI_RLI = '\u2067';
const ZWSP = '\u200b';

const invisible = (path: string) => ({ ret_code: RetCode.PARAMS_ERROR, result: { fields: [{ path, code: ValidationMessage.INVISIBLE_CHARACTERS }] } });
const personalInfoOf = (userId: string) => app.db.selectFrom('kyc_personal_info').selectAll().where('user_id', '=', userId).executeTakeFirst();

describe('personal information and address', () => {
  it.each([
    ['firstName', `Ada${RLO}`],
    ['middleName', `By${ZWSP}ron`],
    ['lastName', `Love${PDI_RLI}lace`],
    ['addressLine1', `12 Example ${RLO}teertS`],
    ['addressLine2', `Flat${ZWSP} 3`],
    ['city', `Lon${PDI_RLI}don`],
    ['stateRegion', 'Greater\u0000London'],
  ])('%s with an invisible character is refused, nothing saved', async (field, value) => {
    const u = await fresh();
    const res = await post(app, '/v3/private/kyc/kyc-personal-info', { ...VALID_INFO, [field]: value }, u.cookie);
    expect(res.json()).toMatchObject(invisible(field));
    expect(await personalInfoOf(u.id)).toBeUndefined();
  });

  it('the same information without them is saved (the rule refuses only what it should)', async () => {
    const u = await fresh();
    const res = await post(app, '/v3/private/kyc/kyc-personal-info', { ...VALID_INFO, firstName: 'Zoë', city: 'القاهرة' }, u.cookie);
    expect(res.json().ret_code).toBe(0);
    expect(await personalInfoOf(u.id)).toMatchObject({ first_name: 'Zoë', city: 'القاهرة' });
  });

  it('update-address refuses them and keeps the stored address', async () => {
    const u = await fresh();
    expect((await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, u.cookie)).json().ret_code).toBe(0);
    const { residenceCountry, addressLine2, city, stateRegion, postalCode } = VALID_INFO;
    const res = await post(app, '/v3/private/kyc/update-address', { residenceCountry, addressLine1: `1 ${RLO}Road`, addressLine2, city, stateRegion, postalCode }, u.cookie);
    expect(res.json()).toMatchObject(invisible('addressLine1'));
    expect(await personalInfoOf(u.id)).toMatchObject({ address_line1: VALID_INFO.addressLine1 });
  });
});

describe('document number, e-mail, console decisions', () => {
  it('submit-application refuses a document number with a zero-width space', async () => {
    const u = await fresh();
    expect((await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, u.cookie)).json().ret_code).toBe(0);
    const res = await post(app, '/v3/private/kyc/submit-application', { level: 1, country: 'GB', documentType: 'PASSPORT', documentNumber: `12${ZWSP}34` }, u.cookie);
    expect(res.json()).toMatchObject(invisible('documentNumber'));
    expect(await app.db.selectFrom('kyc_applications').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
  });

  it('registration refuses an e-mail address with a bidirectional override and creates no account', async () => {
    const res = await post(app, '/v1/user/register', { email: `moc.elpmaxe${RLO}@example.com`, password: 'a-long-enough-passphrase' });
    expect(res.json()).toMatchObject(invisible('email'));
    expect(await app.db.selectFrom('users').select('id').where('email', 'like', 'moc.elpmaxe%').execute()).toEqual([]);
  });

  it.each([
    ['userMessage', { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: `Please retake ${RLO}gpj.exe`, internalNote: '' }],
    ['internalNote', { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'Please retake the photo.', internalNote: `checked${PDI_RLI} by phone` }],
  ])('a rejection whose %s hides characters is refused; the application stays pending', async (field, body) => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const res = await post(app, `/v1/console/cases/${await caseOf(app, appId)}/reject`, body, reviewer.cookie);
    expect(res.json()).toMatchObject(invisible(field));
    expect(await app.db.selectFrom('kyc_applications').select('status').where('id', '=', appId).executeTakeFirstOrThrow()).toEqual({ status: 'PENDING' });
  });

  it('console messages may have several lines', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const res = await post(app, `/v1/console/cases/${await caseOf(app, appId)}/reject`, { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'Please retake the photo.\nThe corners are cut off.', internalNote: 'line 1\r\n\tline 2' }, reviewer.cookie);
    expect(res.json().ret_code).toBe(0);
  });
});
