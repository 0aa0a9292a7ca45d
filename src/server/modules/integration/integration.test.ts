import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentType } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { partnerSignature } from '../partners/partners.service.ts';
import { caseOf, createKycTestApp, get, ID_CARD_KINDS, submitLevel1, newReviewer, newUser, post, storedSteps, uploadDrafts, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';
import { jsonHeaders } from '../../test/test-app.ts';

/**
 * Issue 14 (decision 021): partners' signed calls, access tokens bound to business, scene, origin
 * and applicant, the integration endpoints as adapters of the private ones, sdk-access, and the
 * console's administration of businesses. Replies AND stored state.
 */
let app: App;
let close: () => Promise<void>;
const SYSTEM = { type: 'system', id: null } as const;
const ACME = { id: 'acme', name: 'Acme Wallet', allowedOrigins: ['https://acme.example', 'https://app.acme.example'], scenes: ['acme', 'acme-poi'], redirectAllowlist: ['https://acme.example'], defaultLanguage: 'de-DE' as const };
const GLOBEX = { id: 'globex', name: 'Globex', allowedOrigins: ['https://globex.example'], scenes: ['globex'], redirectAllowlist: [], defaultLanguage: 'es-ES' as const };
let acmeSecret: string;
let globexSecret: string;
const ACCESS_TOKEN_URL = '/x-api/v1/s1/kyc/integration/access-token';

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  acmeSecret = (await app.services.partners.createBusiness(ACME, SYSTEM)).secret;
  globexSecret = (await app.services.partners.createBusiness(GLOBEX, SYSTEM)).secret;
});
afterAll(async () => close());

/** A partner's server call, signed as the README shows. */
function signed(url: string, body: unknown, { key = 'acme', secret = acmeSecret, ts = String(Date.now()), sig }: { key?: string; secret?: string; ts?: string; sig?: string } = {}) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-partner-key': key, 'x-partner-ts': ts, 'x-partner-sig': sig ?? partnerSignature(secret, ts, 'POST', url, raw) },
    payload: raw,
  });
}

async function tokenFor(externalUserId: string, extra: Record<string, unknown> = {}, as: { key?: string; secret?: string } = {}) {
  const res = await signed(ACCESS_TOKEN_URL, { externalUserId, ...extra }, as);
  expect(res.json().ret_code, res.body).toBe(0);
  return res.json().result as { accessToken: string; origin: string; scene: string; sdkUrl: string; expiresAt: string };
}

const sdkHeaders = (t: { accessToken: string; origin: string; scene: string }) => ({ 'kyc-access-token': t.accessToken, 'kyc-access-origin': t.origin, 'kyc-access-business': t.scene });
const sdkPost = (url: string, payload: unknown, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/x-api${url}`, headers: { ...jsonHeaders, ...headers }, payload: payload as object });
const sdkGet = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url: `/x-api${url}`, headers });
const tokenRow = (token: string) => app.db.selectFrom('sdk_access_tokens').selectAll().where('token_hash', '=', createHashHex(token)).executeTakeFirst();
const applicantOf = (businessId: string, externalUserId: string) =>
  app.db.selectFrom('partner_applicants').selectAll().where('business_id', '=', businessId).where('external_user_id', '=', externalUserId).executeTakeFirst();

function createHashHex(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

describe('partner signing (POST access-token)', () => {
  it('a good signature gets a token bound to business, scene, origin and a new applicant; only its hash is stored', async () => {
    const res = await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-100', level: 1, redirect_url: 'https://acme.example/done?x=1', isUpdatePoi: true });
    const body = res.json();
    expect(body.ret_code).toBe(0);
    expect(body.result).toMatchObject({ origin: 'https://acme.example', scene: 'acme', expiresIn: 1800 });
    expect(body.result.sdkUrl).toMatch(/^\/user\/accounts\/auth\/sdk\?token=sat_[\w-]+&from=acme&lang=de-DE&isUpdatePoi=true&sdkBusiness=acme$/);
    const applicant = await applicantOf('acme', 'u-100');
    expect(applicant).toBeDefined();
    const row = await tokenRow(body.result.accessToken);
    expect(row).toMatchObject({ business_id: 'acme', scene: 'acme', origin: 'https://acme.example', user_id: applicant!.user_id, level: 1, language: 'de-DE', redirect_url: 'https://acme.example/done?x=1', is_update_poi: 1, revoked_at: null });
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(30 * 60_000);
    // The same person again: the same applicant, a second token.
    const again = await tokenFor('u-100');
    expect((await tokenRow(again.accessToken))!.user_id).toBe(applicant!.user_id);
    const user = await app.db.selectFrom('users').selectAll().where('id', '=', applicant!.user_id).executeTakeFirstOrThrow();
    expect(user.role).toBe('user');
    expect(user.email).toMatch(/@acme\.partners\.invalid$/);
  });

  it('refuses a bad signature, a stale or missing timestamp, an unknown business and a replay, and stores nothing for them', async () => {
    const before = await app.db.selectFrom('sdk_access_tokens').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const bad = await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-bad' }, { secret: 'psk_wrong' });
    expect(bad.json().ret_code).toBe(RetCode.PARTNER_SIGNATURE_INVALID);
    const otherBusinessSecret = await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-bad' }, { secret: globexSecret });
    expect(otherBusinessSecret.json().ret_code).toBe(RetCode.PARTNER_SIGNATURE_INVALID);
    const stale = await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-bad' }, { ts: String(Date.now() - 5 * 60_000 - 1000) });
    expect(stale.json().ret_code).toBe(RetCode.PARTNER_TIMESTAMP_STALE);
    const future = await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-bad' }, { ts: String(Date.now() + 6 * 60_000) });
    expect(future.json().ret_code).toBe(RetCode.PARTNER_TIMESTAMP_STALE);
    const noTs = await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-bad' }, { ts: 'yesterday' });
    expect(noTs.json().ret_code).toBe(RetCode.PARTNER_TIMESTAMP_STALE);
    const unknown = await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-bad' }, { key: 'nobody' });
    expect(unknown.json().ret_code).toBe(RetCode.PARTNER_UNKNOWN);
    // The body is signed byte for byte: a changed body under the old signature fails.
    const ts = String(Date.now());
    const sig = partnerSignature(acmeSecret, ts, 'POST', ACCESS_TOKEN_URL, JSON.stringify({ externalUserId: 'u-bad' }));
    const tampered = await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-evil' }, { ts, sig });
    expect(tampered.json().ret_code).toBe(RetCode.PARTNER_SIGNATURE_INVALID);
    expect(await applicantOf('acme', 'u-bad')).toBeUndefined();
    expect(await applicantOf('acme', 'u-evil')).toBeUndefined();
    const after = await app.db.selectFrom('sdk_access_tokens').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // A replay of a good request: refused, the signature is remembered in the database.
    const ts2 = String(Date.now());
    const sig2 = partnerSignature(acmeSecret, ts2, 'POST', ACCESS_TOKEN_URL, JSON.stringify({ externalUserId: 'u-replay' }));
    expect((await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-replay' }, { ts: ts2, sig: sig2 })).json().ret_code).toBe(0);
    expect((await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-replay' }, { ts: ts2, sig: sig2 })).json().ret_code).toBe(RetCode.PARTNER_SIGNATURE_REPLAYED);
    const seen = await app.db.selectFrom('partner_signatures').selectAll().where('signature', '=', sig2).executeTakeFirstOrThrow();
    expect(seen).toMatchObject({ business_id: 'acme', expires_at: new Date(Number(ts2) + 5 * 60_000).toISOString() });
  });

  it('validates the body after the signature, and refuses origins, scenes and redirect_urls the business did not allow', async () => {
    expect((await signed(ACCESS_TOKEN_URL, { level: 3 })).json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR });
    expect((await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-o', origin: 'https://evil.example' })).json().ret_code).toBe(RetCode.PARTNER_ORIGIN_NOT_ALLOWED);
    expect((await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-o', scene: 'globex' })).json().ret_code).toBe(RetCode.PARTNER_SCENE_NOT_ALLOWED);
    for (const url of ['https://evil.example/x', 'https://acme.example.evil.example/', 'javascript:alert(1)', '//acme.example/x', 'https://user@acme.example/']) {
      expect((await signed(ACCESS_TOKEN_URL, { externalUserId: 'u-o', redirect_url: url })).json().ret_code, url).toBe(RetCode.PARTNER_REDIRECT_NOT_ALLOWED);
    }
    expect(await applicantOf('acme', 'u-o')).toBeUndefined();
    const second = await tokenFor('u-o2', { origin: 'https://app.acme.example/', scene: 'acme-poi' });
    expect(second).toMatchObject({ origin: 'https://app.acme.example', scene: 'acme-poi' });
  });

  it('rotation: the new secret signs at once; the old one only within its overlap', async () => {
    const { secret: rotated } = await app.services.partners.rotateSecret('globex', 60, SYSTEM);
    await tokenFor('g-1', {}, { key: 'globex', secret: rotated });
    await tokenFor('g-2', {}, { key: 'globex', secret: globexSecret });
    const rows = await app.db.selectFrom('partner_secrets').selectAll().where('business_id', '=', 'globex').orderBy('created_at').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.retired_at).not.toBeNull();
    expect(rows[1]!.retired_at).toBeNull();
    // Stored sealed: neither secret appears in the row.
    expect(JSON.stringify(rows)).not.toContain(rotated.slice(4));
    const { secret: third } = await app.services.partners.rotateSecret('globex', 0, SYSTEM);
    expect((await signed(ACCESS_TOKEN_URL, { externalUserId: 'g-3' }, { key: 'globex', secret: rotated })).json().ret_code).toBe(RetCode.PARTNER_SIGNATURE_INVALID);
    expect((await signed(ACCESS_TOKEN_URL, { externalUserId: 'g-3' }, { key: 'globex', secret: globexSecret })).json().ret_code).toBe(RetCode.PARTNER_SIGNATURE_INVALID);
    globexSecret = third;
    await tokenFor('g-3', {}, { key: 'globex', secret: third });
  });
});

describe('access tokens on the integration endpoints', () => {
  it('a token reaches its own applicant through the same services as the private endpoints', async () => {
    const t = await tokenFor('u-flow');
    const h = sdkHeaders(t);
    const info = await sdkGet('/v1/s1/kyc/integration/token-info', h);
    expect(info.json().result).toMatchObject({ level: 0, targetLevel: 1, email: null, sdkLang: 'de-DE', sdkFrom: 'acme', accessOrigin: 'https://acme.example', business: { id: 'acme', name: 'Acme Wallet' }, redirectAllowlist: ['https://acme.example'] });
    expect((await sdkGet('/v1/s1/kyc/integration/business-info', h)).json().result).toEqual({ id: 'acme', name: 'Acme Wallet', defaultLanguage: 'de-DE', scene: 'acme' });

    const saved = await sdkPost('/v1/s1/kyc/integration/kyc-personal-info', VALID_INFO, h);
    expect(saved.json().ret_code, saved.body).toBe(0);
    const userId = (await applicantOf('acme', 'u-flow'))!.user_id;
    const stored = await app.db.selectFrom('kyc_personal_info').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(stored).toBeDefined();
    const documentIds = await uploadDrafts(app, userId, 1, ID_CARD_KINDS, DocumentType.DRIVERS_LICENSE);
    const drafts = await sdkGet('/v1/s1/kyc/integration/document-drafts?level=1', h);
    expect(drafts.json().result.documents).toHaveLength(3);
    const provider = await sdkPost('/v1/s1/kyc/integration/provider', { level: 1 }, h);
    expect(provider.json().result.provider).toBe('PROVIDER_DEFAULT');
    const submitted = await sdkPost('/v1/s1/kyc/integration/submit-application', { level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE', documentIds }, h);
    expect(submitted.json().ret_code, submitted.body).toBe(0);
    expect(await storedSteps(app, userId)).toEqual([{ level: 1, status: 'PENDING' }]);
    const kycInfo = await sdkPost('/v1/s1/kyc/integration/info', { obtain_state: true }, h);
    expect(kycInfo.json().result.state[0]).toMatchObject({ level: 1, status: 'PENDING' });
    // Audited as the applicant (a user), like the private call.
    const audit = await app.db.selectFrom('audit_log').select(['actor_type', 'actor_id', 'action']).where('actor_id', '=', userId).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['kyc.personal_info.save']));
  });

  it("self-reset: a partner's applicant starts over on the partner's sign-in (no mailbox of ours); a web user's own token still needs the e-mailed code", async () => {
    const reviewer = await newReviewer(app, 'sdk-reset-reviewer@example.com');
    const rejectRetry = async (applicationId: string) => {
      const caseId = await caseOf(app, applicationId);
      const res = await post(app, `/v1/console/cases/${caseId}/reject`, { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'Blurred.', internalNote: '' }, reviewer.cookie);
      expect(res.json().ret_code, res.body).toBe(0);
    };
    // A partner's applicant, rejected with RETRY.
    const t = await tokenFor('u-reset');
    const h = sdkHeaders(t);
    expect((await sdkPost('/v1/s1/kyc/integration/kyc-personal-info', VALID_INFO, h)).json().ret_code).toBe(0);
    const partnerUser = (await applicantOf('acme', 'u-reset'))!.user_id;
    const documentIds = await uploadDrafts(app, partnerUser, 1, ID_CARD_KINDS, DocumentType.DRIVERS_LICENSE);
    const submitted = await sdkPost('/v1/s1/kyc/integration/submit-application', { level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE', documentIds }, h);
    await rejectRetry(submitted.json().result.applicationId);
    const reset = await sdkPost('/v1/s1/kyc/integration/self-reset', { level: 1 }, h);
    expect(reset.json()).toMatchObject({ ret_code: 0, result: { level: 1, status: 'ALLOW' } });
    expect(await storedSteps(app, partnerUser)).toEqual([{ level: 1, status: 'ALLOW' }]);
    expect(await app.db.selectFrom('one_time_codes').select('purpose').where('user_id', '=', partnerUser).execute()).toEqual([]);

    // A web user's own token: the same rule as the web page (30101, a code is mailed).
    const web = await newUser(app, 'sdk-reset-web@example.com');
    const webApp = await submitLevel1(app, web);
    await rejectRetry(webApp);
    const own = (await post(app, '/v3/private/kyc/sdk-access', { level: 1, isSecondary: false, from: 'web', action: 'verify', extraParams: { reason: 'retry' } }, web.cookie)).json().result;
    const asked = await sdkPost('/v1/s1/kyc/integration/self-reset', { level: 1 }, { 'kyc-access-token': own.accessToken, 'kyc-access-origin': 'http://localhost', 'kyc-access-business': 'web' });
    expect(asked.json().ret_code).toBe(30101);
    expect(await storedSteps(app, web.id)).toEqual([{ level: 1, status: 'FAILED_AND_CAN_RETRY' }]);
    // Re-verification reads through the SDK too (nothing asked of this applicant).
    const page = await sdkGet('/v1/s1/kyc/integration/reverification', h);
    expect(page.json()).toMatchObject({ ret_code: 0, result: { items: [{ target: 'POI', display: { status: 'DisplayUpdatePOIStatus_No' } }, { target: 'POA' }] } });
    // An update at the vendor through the SDK: the same rules as the web (nothing asked of this applicant: 1050).
    expect((await sdkPost('/v1/s1/kyc/integration/update-vendor-token', { target: 'POI' }, h)).json().ret_code).toBe(1050);
  });

  it('the Satos onboarding questionnaire through the SDK variants reaches only its own applicant', async () => {
    const h = sdkHeaders(await tokenFor('u-satos'));
    const created = await sdkPost('/v1/s1/kyc/integration/create-satos-questionnaire', { biz_from: 'acme' }, h);
    expect(created.json()).toMatchObject({ ret_code: 0, result: { templateCode: 'standardQuest', status: 'QUESTIONNAIRE_STATUS_UNSUBMIT' } });
    const userId = (await applicantOf('acme', 'u-satos'))!.user_id;
    const row = await app.db.selectFrom('questionnaire_answers').selectAll().where('id', '=', created.json().result.requestId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: userId, scene_code: 'SATOS', biz_from: 'acme' });
    expect((await sdkGet('/v1/s1/kyc/integration/query-satos-questionnaire', h)).json().result).toMatchObject({ requestId: row.id, status: 'QUESTIONNAIRE_STATUS_UNSUBMIT' });
    // Another applicant's token sees its own (none yet).
    const other = sdkHeaders(await tokenFor('u-satos-2'));
    expect((await sdkGet('/v1/s1/kyc/integration/query-satos-questionnaire', other)).json().result).toMatchObject({ requestId: null, status: 'QUESTIONNAIRE_STATUS_UNDEFINED' });
  });

  it('refuses a wrong origin, a wrong business scene, an expired and a revoked token with 33003', async () => {
    const t = await tokenFor('u-guard');
    const h = sdkHeaders(t);
    const call = (headers: Record<string, string>) => sdkPost('/v1/s1/kyc/integration/info', { obtain_state: true }, headers);
    expect((await call(h)).json().ret_code).toBe(0);
    expect((await call({ ...h, 'kyc-access-origin': 'https://evil.example' })).json().ret_code).toBe(RetCode.ACCESS_TOKEN_INVALID);
    expect((await call({ ...h, 'kyc-access-business': 'globex' })).json().ret_code).toBe(RetCode.ACCESS_TOKEN_INVALID);
    expect((await call({ ...h, 'kyc-access-business': 'acme-poi' })).json().ret_code).toBe(RetCode.ACCESS_TOKEN_INVALID);
    expect((await call({ 'kyc-access-origin': t.origin, 'kyc-access-business': t.scene })).json().ret_code).toBe(RetCode.ACCESS_TOKEN_INVALID);

    // Expired: the stored expiry decides.
    const expiring = await tokenFor('u-guard');
    await app.db.updateTable('sdk_access_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', createHashHex(expiring.accessToken)).execute();
    expect((await call(sdkHeaders(expiring))).json().ret_code).toBe(RetCode.ACCESS_TOKEN_INVALID);

    // Revoked by the partner (signed): this token only, then every token of the person.
    const revoked = await signed('/x-api/v1/s1/kyc/integration/revoke-token', { accessToken: t.accessToken });
    expect(revoked.json().result).toEqual({ revoked: 1 });
    expect((await tokenRow(t.accessToken))!.revoked_at).not.toBeNull();
    expect((await call(h)).json().ret_code).toBe(RetCode.ACCESS_TOKEN_INVALID);
    const other = await tokenFor('u-guard');
    expect((await call(sdkHeaders(other))).json().ret_code).toBe(0);
    // Another business cannot revoke acme's tokens.
    expect((await signed('/x-api/v1/s1/kyc/integration/revoke-token', { accessToken: other.accessToken }, { key: 'globex', secret: globexSecret })).json().result).toEqual({ revoked: 0 });
    expect((await signed('/x-api/v1/s1/kyc/integration/revoke-token', { externalUserId: 'u-guard' })).json().result.revoked).toBeGreaterThanOrEqual(1);
    expect((await call(sdkHeaders(other))).json().ret_code).toBe(RetCode.ACCESS_TOKEN_INVALID);
  });

  it("a token of A never reaches B's data; documents of another applicant are not found", async () => {
    const a = await tokenFor('u-a');
    const b = await tokenFor('u-b');
    const userA = (await applicantOf('acme', 'u-a'))!.user_id;
    const [docA] = await uploadDrafts(app, userA, 1, [ID_CARD_KINDS[0]!]);
    const asB = await sdkGet(`/v1/s1/kyc/integration/document/${docA}`, sdkHeaders(b));
    expect(asB.json().ret_code).toBe(RetCode.NOT_FOUND);
    const asA = await sdkGet(`/v1/s1/kyc/integration/document/${docA}`, sdkHeaders(a));
    expect(asA.statusCode).toBe(200);
    expect(asA.headers['content-type']).toMatch(/^image\//);
    expect((await sdkPost('/v1/s1/kyc/integration/delete-document', { id: docA }, sdkHeaders(b))).json().ret_code).toBe(RetCode.NOT_FOUND);
    expect(await app.db.selectFrom('kyc_documents').select('id').where('id', '=', docA!).executeTakeFirst()).toBeDefined();
    // Same external id at another business: another applicant.
    const g = await tokenFor('u-a', {}, { key: 'globex', secret: globexSecret });
    expect((await tokenRow(g.accessToken))!.user_id).not.toBe(userA);
  });

  it('integration endpoints never accept a session cookie; private endpoints never accept an access token', async () => {
    const web = await newUser(app, 'sdk-cookie@example.com');
    const viaCookie = await post(app, '/v1/s1/kyc/integration/info', { obtain_state: true }, web.cookie);
    expect(viaCookie.json().ret_code).toBe(RetCode.ACCESS_TOKEN_INVALID);
    const t = await tokenFor('u-private');
    const viaToken = await sdkPost('/v3/private/kyc/kyc-info', { obtain_state: true }, sdkHeaders(t));
    expect(viaToken.json().ret_code).toBe(RetCode.NOT_LOGGED_IN);
    // With both, each side uses only its own credential: the cookie's user on private, the token's applicant on integration.
    const both = await sdkPost('/v1/s1/kyc/integration/kyc-personal-info', VALID_INFO, { ...sdkHeaders(t), cookie: web.cookie });
    expect(both.json().ret_code).toBe(0);
    expect(await app.db.selectFrom('kyc_personal_info').select('user_id').where('user_id', '=', web.id).executeTakeFirst()).toBeUndefined();
  });

  it('a disabled business: its tokens stop working and it cannot sign', async () => {
    const { secret } = await app.services.partners.createBusiness({ ...GLOBEX, id: 'initech', name: 'Initech', scenes: ['initech'], allowedOrigins: ['https://initech.example'] }, SYSTEM);
    const t = await tokenFor('i-1', {}, { key: 'initech', secret });
    await app.services.partners.updateBusiness('initech', { name: 'Initech', allowedOrigins: ['https://initech.example'], scenes: ['initech'], redirectAllowlist: [], defaultLanguage: 'es-ES', status: 'DISABLED' }, SYSTEM);
    expect((await tokenRow(t.accessToken))!.revoked_at).not.toBeNull();
    expect((await sdkPost('/v1/s1/kyc/integration/info', {}, sdkHeaders(t))).json().ret_code).toBe(RetCode.ACCESS_TOKEN_INVALID);
    expect((await signed(ACCESS_TOKEN_URL, { externalUserId: 'i-2' }, { key: 'initech', secret })).json().ret_code).toBe(RetCode.PARTNER_UNKNOWN);
  });
});

describe('sdk-access (a web user) and the SDK page', () => {
  it('a web user gets a token for themself bound to our origin; the SDK page and token info answer for it', async () => {
    const web = await newUser(app, 'sdk-web@example.com');
    const res = await post(app, '/v3/private/kyc/sdk-access', { level: 1, isSecondary: false, from: 'web', action: 'verify', extraParams: { reason: 'limits' } }, web.cookie);
    expect(res.json().ret_code, res.body).toBe(0);
    const { accessToken, sdkUrl } = res.json().result;
    expect(sdkUrl).toContain('from=web');
    expect(await tokenRow(accessToken)).toMatchObject({ business_id: 'web', scene: 'web', origin: 'http://localhost', user_id: web.id });
    const info = await sdkGet('/v1/s1/kyc/integration/token-info?email_update_poi=true', { 'kyc-access-token': accessToken, 'kyc-access-business': 'web' });
    expect(info.json().result).toMatchObject({ email: 'sdk-web@example.com', accessOrigin: 'http://localhost', business: { id: 'web' } });
    // Without a session: refused like any private call.
    expect((await post(app, '/v3/private/kyc/sdk-access', { level: 1 })).json().ret_code).toBe(RetCode.NOT_LOGGED_IN);
  });

  it('the SDK page may be framed exactly by its business origins (frame-ancestors)', async () => {
    const t = await tokenFor('u-frame');
    const page = await app.inject({ method: 'GET', url: `/user/accounts/auth/sdk?token=${encodeURIComponent(t.accessToken)}&from=acme` });
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors https:\/\/acme\.example https:\/\/app\.acme\.example(;|$)/);
    const other = await app.inject({ method: 'GET', url: '/user/accounts/auth/sdk?token=nope' });
    expect(other.headers['content-security-policy']).toContain(`frame-ancestors ${app.config.frameAncestors.join(' ')}`);
    const personal = await app.inject({ method: 'GET', url: '/user/accounts/auth/personal' });
    expect(personal.headers['content-security-policy']).not.toContain('acme.example');
  });

  it("a later page of the flow, reloaded in the frame, keeps its business's frame-ancestors through the business marker (registered origins only)", async () => {
    const frameAncestors = async (url: string) => /frame-ancestors ([^;]*)/.exec(String((await app.inject({ method: 'GET', url })).headers['content-security-policy']))?.[1];
    const byDefault = app.config.frameAncestors.join(' ');
    // The SDK link carries the marker (a partner's token); a web user's own link does not.
    const t = await tokenFor('u-reload');
    expect(new URL(t.sdkUrl, 'http://localhost').searchParams.get('sdkBusiness')).toBe('acme');
    const web = await newUser(app, 'sdk-web-marker@example.com');
    const own = (await post(app, '/v3/private/kyc/sdk-access', { level: 1 }, web.cookie)).json().result as { sdkUrl: string };
    expect(own.sdkUrl).not.toContain('sdkBusiness');

    expect(await frameAncestors('/user/accounts/auth/kyc?level=1&sdkBusiness=acme')).toBe('https://acme.example https://app.acme.example');
    expect(await frameAncestors('/user/accounts/auth/sdk?sdkBusiness=globex')).toBe('https://globex.example');
    // Nothing the address says beyond the id counts; unknown ids, the web users' id and pages outside the flow keep the default.
    expect(await frameAncestors('/user/accounts/auth/kyc?sdkBusiness=acme&frame-ancestors=https://evil.example')).toBe('https://acme.example https://app.acme.example');
    expect(await frameAncestors('/user/accounts/auth/kyc?sdkBusiness=nobody')).toBe(byDefault);
    expect(await frameAncestors('/user/accounts/auth/kyc?sdkBusiness=web')).toBe(byDefault);
    expect(await frameAncestors('/user/accounts/console/?sdkBusiness=acme')).toBe(byDefault);
    // A web user's page (our session cookie) is never framed by a partner, marker or not.
    const withCookie = await app.inject({ method: 'GET', url: '/user/accounts/auth/personal?sdkBusiness=acme', headers: { cookie: web.cookie } });
    expect(/frame-ancestors ([^;]*)/.exec(String(withCookie.headers['content-security-policy']))?.[1]).toBe(byDefault);
    // A token that is no longer valid does not hide the marker: the business decides.
    expect(await frameAncestors('/user/accounts/auth/sdk?token=sat_gone&sdkBusiness=acme')).toBe('https://acme.example https://app.acme.example');

    // A disabled business is framed by nobody of its own any more.
    const initrode = { id: 'initrode', name: 'Initrode', allowedOrigins: ['https://initrode.example'], scenes: ['initrode'], redirectAllowlist: [], defaultLanguage: 'en' as const };
    await app.services.partners.createBusiness(initrode, SYSTEM);
    expect(await frameAncestors('/user/accounts/auth/personal?sdkBusiness=initrode')).toBe('https://initrode.example');
    await app.services.partners.updateBusiness('initrode', { ...initrode, status: 'DISABLED' }, SYSTEM);
    expect(await app.db.selectFrom('partner_businesses').select('status').where('id', '=', 'initrode').executeTakeFirst()).toEqual({ status: 'DISABLED' });
    expect(await frameAncestors('/user/accounts/auth/personal?sdkBusiness=initrode')).toBe(byDefault);
  });
});

describe('console administration of businesses', () => {
  let admin: TestUser;
  let reviewer: TestUser;
  beforeAll(async () => {
    admin = await newReviewer(app, 'partners-admin@example.com');
    reviewer = await newReviewer(app, 'partners-rev@example.com');
    await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
  });

  it('an administrator registers, changes and rotates a business (audited, secret shown once); a reviewer may not', async () => {
    const input = { id: 'hooli', name: 'Hooli', allowedOrigins: ['https://hooli.example/'], scenes: ['hooli'], redirectAllowlist: [], defaultLanguage: 'en' };
    expect((await post(app, '/v1/console/businesses', input, reviewer.cookie)).json().ret_code).toBe(RetCode.NO_PERMISSION);
    const created = await post(app, '/v1/console/businesses', input, admin.cookie);
    expect(created.json().ret_code, created.body).toBe(0);
    expect(created.json().result.business).toMatchObject({ id: 'hooli', allowedOrigins: ['https://hooli.example'], status: 'ACTIVE' });
    expect(created.json().result.secret).toMatch(/^psk_/);
    expect((await post(app, '/v1/console/businesses', input, admin.cookie)).json().ret_code).toBe(RetCode.PARTNER_EXISTS);
    expect((await post(app, '/v1/console/businesses', { ...input, id: 'web' }, admin.cookie)).json().ret_code).toBe(RetCode.PARAMS_ERROR);
    expect((await post(app, '/v1/console/businesses', { ...input, id: 'bad-origin', allowedOrigins: ['https://x.example/path'] }, admin.cookie)).json().ret_code).toBe(RetCode.PARAMS_ERROR);

    const list = await get(app, '/v1/console/businesses', admin.cookie);
    expect(list.json().ret_code, list.body).toBe(0);
    expect(list.json().result.businesses.map((b: { id: string }) => b.id)).toContain('hooli');
    expect(JSON.stringify(list.json())).not.toContain(created.json().result.secret);

    const changed = await post(app, '/v1/console/businesses/hooli', { ...input, name: 'Hooli XYZ', status: 'ACTIVE', redirectAllowlist: ['https://hooli.example'] }, admin.cookie);
    expect(changed.json().result.business).toMatchObject({ name: 'Hooli XYZ', redirectAllowlist: ['https://hooli.example'] });
    const rotated = await post(app, '/v1/console/businesses/hooli/rotate-secret', { overlapMinutes: 30 }, admin.cookie);
    expect(rotated.json().result.secret).not.toBe(created.json().result.secret);
    expect(rotated.json().result.business.previousSecretValidUntil).not.toBeNull();
    const actions = await app.db.selectFrom('audit_log').select('action').where('entity_type', '=', 'partner_business').where('entity_id', '=', 'hooli').orderBy('seq').execute();
    expect(actions.map((a) => a.action)).toEqual(['partner.create', 'partner.update', 'partner.rotate_secret']);
    const trail = JSON.stringify(await app.db.selectFrom('audit_log').select(['before', 'after']).where('entity_id', '=', 'hooli').execute());
    expect(trail).not.toContain(rotated.json().result.secret);
  });
});
