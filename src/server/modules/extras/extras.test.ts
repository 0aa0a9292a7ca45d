import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * Account extras (issue 13, decision 025), through the HTTP API on a fresh database: each call's
 * reply AND what it stored (rows, audit records), and who may call it.
 */
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let admin: TestUser;
let senior: TestUser;
let senior2: TestUser;
let seq = 0;
const SYSTEM = { type: 'system', id: null } as const;

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'extras-rev@example.com');
  admin = await newReviewer(app, 'extras-admin@example.com');
  await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
  senior = await newReviewer(app, 'extras-senior@example.com');
  senior2 = await newReviewer(app, 'extras-senior2@example.com');
  await app.services.staff.setRole(senior.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
  await app.services.staff.setRole(senior2.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
});
afterAll(async () => close());

const fresh = () => newUser(app, `extras-${++seq}@example.com`);
const kycInfo = async (u: TestUser) => (await post(app, '/v3/private/kyc/kyc-info', { obtain_state: true }, u.cookie)).json().result;
const auditOf = (entityId: string, action: string) => app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).where('action', '=', action).execute();
const tagsOf = async (userId: string) => JSON.parse((await app.db.selectFrom('users').select('member_tag').where('id', '=', userId).executeTakeFirstOrThrow()).member_tag);

/** A user at level 1 (approved by the reviewer), living in `residence`. */
async function level1(residence = 'GB'): Promise<TestUser> {
  const u = await fresh();
  const appId = await submitLevel1(app, u, { ...VALID_INFO, residenceCountry: residence });
  const res = await post(app, `/v1/console/cases/${await caseOf(app, appId)}/approve`, {}, reviewer.cookie);
  if (res.json().ret_code !== 0) throw new Error(res.body);
  return u;
}
const publish = (product: string, title = `${product} terms`, body = 'The terms.') => post(app, '/v1/console/agreements', { product, title, body }, admin.cookie);
const setTag = (u: TestUser, tagName: string, value: string, cookie = reviewer.cookie) => post(app, `/v1/console/members/${u.id}/tag`, { tagName, value, reason: 'test' }, cookie);

/** Decision 036: a change that lowers a duty, proposed by one senior reviewer and confirmed by another; returns the case id. */
async function setLoweringTag(u: TestUser, tagName: string, value: string): Promise<string> {
  const proposed = (await setTag(u, tagName, value, senior.cookie)).json();
  if (proposed.ret_code !== 0) throw new Error(JSON.stringify(proposed));
  const caseId = proposed.result.tagChanges[0].caseId as string;
  const confirmed = (await post(app, `/v1/console/cases/${caseId}/confirm`, { note: '' }, senior2.cookie)).json();
  if (confirmed.ret_code !== 0) throw new Error(JSON.stringify(confirmed));
  return caseId;
}

describe('kyc-info: the extras fields', () => {
  it('a new member: nothing to show, every value from stored state', async () => {
    const u = await fresh();
    const r = await kycInfo(u);
    expect(r).toMatchObject({ custody: 'CUSTODY_UNSPECIFIED', custodyInfo: null, newSatosGray: false, second_identity_state: null, kybQuota: null, bannerTags: [] });
    expect(r.displayControl).toMatchObject({ displayHkgPoaAgreement: false, isDisplayP2pRights: false, isDisplayNewSatos: false, isDisplayNewRcOnboarding: false, isDisplaySatosToEu: false });
  });

  it('KYB and NEW_RC_ONBOARDING tags (set by a reviewer) give kybQuota and isDisplayNewRcOnboarding', async () => {
    const u = await fresh();
    await setLoweringTag(u, 'KYB', '1');
    expect((await setTag(u, 'NEW_RC_ONBOARDING', '1')).json().ret_code).toBe(0);
    const r = await kycInfo(u);
    expect(r.kybQuota).toMatchObject({ level: 0, period: 'DAILY' });
    expect(r.displayControl.isDisplayNewRcOnboarding).toBe(true);
    await setTag(u, 'KYB', '');
    expect((await kycInfo(u)).kybQuota).toBeNull();
  });

  it('P2P rights: shown from level 1 until the member acknowledges them (tag), with its banner', async () => {
    const u = await level1();
    const before = await kycInfo(u);
    expect(before.displayControl.isDisplayP2pRights).toBe(true);
    expect(before.bannerTags).toContain('P2P_RIGHTS');
    expect((await post(app, '/v3/private/user/member/tagmember', { tagName: 'P2P_RIGHTS_SEEN', value: '1' }, u.cookie)).json().ret_code).toBe(0);
    const after = await kycInfo(u);
    expect(after.displayControl.isDisplayP2pRights).toBe(false);
    expect(after.bannerTags).not.toContain('P2P_RIGHTS');
  });
});

describe('agreements', () => {
  it('apply before any text is published: 41001, nothing stored', async () => {
    const u = await fresh();
    const q = (await post(app, '/option/asset/amp/product/agreement/query', { products: ['HKG_POA'] }, u.cookie)).json();
    expect(q.result.items).toEqual([{ product: 'HKG_POA', current: null, accepted: null, needsAcceptance: false }]);
    expect((await post(app, '/option/asset/amp/agreement/apply', { product: 'HKG_POA', version: 1 }, u.cookie)).json().ret_code).toBe(41001);
    expect(await app.db.selectFrom('agreement_acceptances').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
  });

  it('records acceptance per product with version, time and IP; a new version asks again', async () => {
    expect((await publish('OPTION', 'Options v1')).json()).toMatchObject({ ret_code: 0, result: { product: 'OPTION', version: 1, acceptances: 0 } });
    const u = await fresh();
    const query = async () => (await post(app, '/option/asset/amp/product/agreement/query', { products: ['OPTION'] }, u.cookie)).json().result.items[0];
    expect(await query()).toMatchObject({ current: { version: 1, title: 'Options v1' }, accepted: null, needsAcceptance: true });

    const applied = (await post(app, '/option/asset/amp/agreement/apply', { product: 'OPTION', version: 1 }, u.cookie)).json();
    expect(applied).toMatchObject({ ret_code: 0, result: { product: 'OPTION', version: 1, ip: '127.0.0.1' } });
    // A double click: the first acceptance, one row.
    const again = (await post(app, '/option/asset/amp/agreement/apply', { product: 'OPTION', version: 1 }, u.cookie)).json();
    expect(again.result.acceptedAt).toBe(applied.result.acceptedAt);
    const rows = await app.db.selectFrom('agreement_acceptances').selectAll().where('user_id', '=', u.id).execute();
    expect(rows).toMatchObject([{ product: 'OPTION', version: 1, ip: '127.0.0.1', accepted_at: applied.result.acceptedAt }]);
    expect(await auditOf(u.id, 'agreement.accept')).toHaveLength(1);
    expect(await query()).toMatchObject({ accepted: { version: 1 }, needsAcceptance: false });
    expect((await kycInfo(u)).bannerTags).not.toContain('AGREEMENT_UPDATE');

    await publish('OPTION', 'Options v2');
    expect(await query()).toMatchObject({ current: { version: 2 }, accepted: { version: 1 }, needsAcceptance: true });
    expect((await kycInfo(u)).bannerTags).toContain('AGREEMENT_UPDATE');
    // The old text is refused with the current version.
    expect((await post(app, '/option/asset/amp/agreement/apply', { product: 'OPTION', version: 1 }, u.cookie)).json()).toMatchObject({ ret_code: 41002, result: { currentVersion: 2 } });
    expect((await post(app, '/option/asset/amp/agreement/apply', { product: 'OPTION', version: 2 }, u.cookie)).json().ret_code).toBe(0);
    expect(await query()).toMatchObject({ accepted: { version: 2 }, needsAcceptance: false });
    const versions = (await get(app, '/v1/console/agreements', reviewer.cookie)).json().result.items.filter((v: { product: string }) => v.product === 'OPTION');
    expect(versions.map((v: { version: number; acceptances: number }) => [v.version, v.acceptances])).toEqual([[2, 1], [1, 1]]);
  });

  it('the HK proof-of-address agreement: on the HKG site from level 1 until the current version is accepted', async () => {
    const u = await level1();
    const flags = { obtain_state: false } as never;
    await publish('HKG_POA', 'HK proof of address');
    expect((await app.services.kyc.getInfo(u.id, flags, { site: 'MAIN' })).displayControl.displayHkgPoaAgreement).toBe(false);
    expect((await app.services.kyc.getInfo(u.id, flags, { site: 'HKG' })).displayControl.displayHkgPoaAgreement).toBe(true);
    const v = (await post(app, '/option/asset/amp/product/agreement/query', { products: ['HKG_POA'] }, u.cookie)).json().result.items[0].current.version;
    await post(app, '/option/asset/amp/agreement/apply', { product: 'HKG_POA', version: v }, u.cookie);
    expect((await app.services.kyc.getInfo(u.id, flags, { site: 'HKG' })).displayControl.displayHkgPoaAgreement).toBe(false);
    const newcomer = await fresh();
    expect((await app.services.kyc.getInfo(newcomer.id, flags, { site: 'HKG' })).displayControl.displayHkgPoaAgreement).toBe(false);
  });

  it('authorization: users only for themselves, administrators publish', async () => {
    expect((await post(app, '/option/asset/amp/agreement/apply', { product: 'OPTION', version: 1 })).json().ret_code).toBe(10007);
    expect((await post(app, '/option/asset/amp/agreement/apply', { product: 'OPTION', version: 1 }, reviewer.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, '/option/asset/amp/product/agreement/query', {}, reviewer.cookie)).json().ret_code).toBe(10009);
    const before = (await get(app, '/v1/console/agreements', reviewer.cookie)).json().result.items.length;
    expect((await publish('OPTION')).json().ret_code).toBe(0);
    expect((await post(app, '/v1/console/agreements', { product: 'OPTION', title: 't', body: 'b' }, reviewer.cookie)).json().ret_code).toBe(10009);
    const u = await fresh();
    expect((await post(app, '/v1/console/agreements', { product: 'OPTION', title: 't', body: 'b' }, u.cookie)).json().ret_code).toBe(10009);
    expect((await get(app, '/v1/console/agreements', reviewer.cookie)).json().result.items.length).toBe(before + 1);
    // An unknown product is invalid input.
    expect((await post(app, '/option/asset/amp/agreement/apply', { product: 'NOPE', version: 1 }, u.cookie)).json().ret_code).toBe(10001);
  });
});

describe('member tags', () => {
  it('a member sets their acknowledgement tags; stored and audited', async () => {
    const u = await fresh();
    const res = (await post(app, '/v3/private/user/member/tagmember', { tagName: 'AFFILIATE_POPUP_SEEN', value: '1' }, u.cookie)).json();
    expect(res).toMatchObject({ ret_code: 0, result: { member_tag: { AFFILIATE_POPUP_SEEN: '1' } } });
    expect(await tagsOf(u.id)).toEqual({ AFFILIATE_POPUP_SEEN: '1' });
    expect(await auditOf(u.id, 'member.tag.set')).toMatchObject([{ actor_id: u.id, after: JSON.stringify({ AFFILIATE_POPUP_SEEN: '1' }) }]);
  });

  it('a member cannot set reviewer tags (KYC) nor remove acknowledgements: 41003, nothing changes', async () => {
    const u = await fresh();
    expect((await post(app, '/v3/private/user/member/tagmember', { tagName: 'KYC', value: '1' }, u.cookie)).json().ret_code).toBe(41003);
    expect((await post(app, '/v3/private/user/member/tagmember', { tagName: 'P2P_RIGHTS_SEEN', value: '' }, u.cookie)).json().ret_code).toBe(41003);
    expect((await post(app, '/v3/private/user/member/tagmember', { tagName: 'P2P_RIGHTS_SEEN', value: '2' }, u.cookie)).json().ret_code).toBe(41003);
    expect((await post(app, '/v3/private/user/member/tagmember', { tagName: 'UNKNOWN', value: '1' }, u.cookie)).json().ret_code).toBe(10001);
    expect((await post(app, '/v3/private/user/member/tagmember', { tagName: 'P2P_RIGHTS_SEEN', value: '1' })).json().ret_code).toBe(10007);
    expect(await tagsOf(u.id)).toEqual({});
    expect(await auditOf(u.id, 'member.tag.set')).toEqual([]);
  });

  it("KYC '1' (two senior reviewers): the member has no steps (§4), and removing it (one reviewer) gives them back", async () => {
    const u = await fresh();
    await setLoweringTag(u, 'KYC', '1');
    expect(await tagsOf(u.id)).toEqual({ KYC: '1' });
    expect((await kycInfo(u)).state).toEqual([
      { level: 1, status: 'NOT_ALLOW', type: 'INDIVIDUAL' },
      { level: 2, status: 'NOT_ALLOW', type: 'INDIVIDUAL' },
    ]);
    // The tag's record names the confirmer (who made it take effect) and the proposer's reason.
    expect((await auditOf(u.id, 'member.tag.set'))[0]).toMatchObject({ actor_id: senior2.id, actor_type: 'reviewer', after: JSON.stringify({ KYC: '1', reason: 'test' }) });
    // Raising the duty again is one plain reviewer's call.
    expect((await setTag(u, 'KYC', '')).json()).toMatchObject({ ret_code: 0, result: { member_tag: {}, tagChanges: [] } });
    expect(await tagsOf(u.id)).toEqual({});
    expect((await kycInfo(u)).state[0]).toMatchObject({ level: 1, status: 'ALLOW' });
    // The profile still reads the tag (§3 member_tag.KYC) the web uses.
    await setLoweringTag(u, 'KYC', '1');
    expect((await get(app, '/v2/private/user/profile', u.cookie)).json().result.member_tag).toEqual({ KYC: '1' });
  });

  it('console member calls: reviewers only, on exchange members only', async () => {
    const u = await fresh();
    expect((await setTag(u, 'KYC', '1', u.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, `/v1/console/members/${reviewer.id}/tag`, { tagName: 'KYC', value: '1', reason: 'x' }, admin.cookie)).json().ret_code).toBe(10011);
    expect((await post(app, `/v1/console/members/${u.id}/tag`, { tagName: 'KYC', value: '1', reason: '' }, reviewer.cookie)).json().ret_code).toBe(10001);
    expect(await tagsOf(u.id)).toEqual({});
    expect((await get(app, `/v1/console/members?email=${encodeURIComponent(u.email)}`, reviewer.cookie)).json().result).toEqual({ id: u.id });
    expect((await get(app, `/v1/console/members?email=${encodeURIComponent(reviewer.email)}`, reviewer.cookie)).json().ret_code).toBe(10011);
    expect((await get(app, `/v1/console/members?email=${encodeURIComponent(u.email)}`, u.cookie)).json().ret_code).toBe(10009);
    const view = (await get(app, `/v1/console/members/${u.id}`, reviewer.cookie)).json().result;
    expect(view).toMatchObject({ id: u.id, email: u.email, level: 0, member_tag: {}, tagChanges: [], custody: { custody: 'CUSTODY_UNSPECIFIED' }, vip: [], affiliate: null });
  });
});

describe('VIP pop-up (kycpopupinfo)', () => {
  it('shows to an invited member below the level the programme asks, until closed; stored invitation', async () => {
    const u = await fresh();
    const popup = async (bus_type: string) => (await post(app, '/v3/private/vip/kycpopupinfo', { bus_type }, u.cookie)).json();
    expect((await popup('vip')).result).toMatchObject({ bus_type: 'vip', show: false, invited: false, tier: null, requiredLevel: 1, level: 0 });
    const invited = (await post(app, `/v1/console/members/${u.id}/vip`, { bus_type: 'vip', tier: 'VIP2' }, reviewer.cookie)).json();
    expect(invited.result.vip).toMatchObject([{ bus_type: 'vip', tier: 'VIP2' }]);
    expect(await app.db.selectFrom('vip_invitations').selectAll().where('user_id', '=', u.id).execute()).toMatchObject([{ bus_type: 'vip', tier: 'VIP2', invited_by: reviewer.id }]);
    expect(await auditOf(u.id, 'vip.invitation.set')).toHaveLength(1);
    expect((await popup('vip')).result).toMatchObject({ show: true, invited: true, tier: 'VIP2', ackTag: 'VIP_KYC_POPUP_SEEN_VIP' });
    expect((await popup('pro')).result).toMatchObject({ show: false, invited: false, requiredLevel: 2 });
    await post(app, '/v3/private/user/member/tagmember', { tagName: 'VIP_KYC_POPUP_SEEN_VIP', value: '1' }, u.cookie);
    expect((await popup('vip')).result.show).toBe(false);
    expect((await popup('gold')).ret_code).toBe(10001);
    await post(app, `/v1/console/members/${u.id}/vip`, { bus_type: 'vip', tier: null }, reviewer.cookie);
    expect((await popup('vip')).result.invited).toBe(false);
    expect((await post(app, '/v3/private/vip/kycpopupinfo', { bus_type: 'vip' })).json().ret_code).toBe(10007);
  });

  it('a member who reached the level the programme asks is not asked', async () => {
    const u = await level1();
    await post(app, `/v1/console/members/${u.id}/vip`, { bus_type: 'vip', tier: 'VIP1' }, reviewer.cookie);
    await post(app, `/v1/console/members/${u.id}/vip`, { bus_type: 'pro', tier: 'PRO1' }, reviewer.cookie);
    expect((await post(app, '/v3/private/vip/kycpopupinfo', { bus_type: 'vip' }, u.cookie)).json().result).toMatchObject({ show: false, invited: true, level: 1 });
    expect((await post(app, '/v3/private/vip/kycpopupinfo', { bus_type: 'pro' }, u.cookie)).json().result).toMatchObject({ show: true, level: 1, requiredLevel: 2 });
  });
});

describe('affiliate binding', () => {
  it('binds once to an active affiliate, validated and audited', async () => {
    const u = await fresh();
    const info = async () => (await get(app, '/affiliate/apis/v1/aff_user_info', u.cookie)).json().result;
    // No partner takes referrals yet: nothing to offer.
    expect(await info()).toEqual({ binding: null, showPopup: false, ackTag: 'AFFILIATE_POPUP_SEEN' });
    expect((await post(app, '/affiliate/apis/v1/bind_aff_user_info', { affCode: 'NOBODY' }, u.cookie)).json().ret_code).toBe(41004);
    expect((await post(app, '/affiliate/apis/v1/bind_aff_user_info', { affCode: 'bad code!' }, u.cookie)).json().ret_code).toBe(10001);
    expect((await post(app, '/v1/console/affiliates', { code: 'partner1', name: 'Partner One' }, admin.cookie)).json().ret_code).toBe(0);
    expect((await post(app, '/v1/console/affiliates', { code: 'PARTNER1', name: 'Again' }, admin.cookie)).json().ret_code).toBe(41009);
    expect((await post(app, '/v1/console/affiliates', { code: 'OTHER2', name: 'Other' }, reviewer.cookie)).json().ret_code).toBe(10009);
    await post(app, '/v1/console/affiliates', { code: 'OTHER2', name: 'Other' }, admin.cookie);
    expect(await info()).toEqual({ binding: null, showPopup: true, ackTag: 'AFFILIATE_POPUP_SEEN' });
    expect(await app.db.selectFrom('affiliates').selectAll().where('code', '=', 'PARTNER1').execute()).toMatchObject([{ name: 'Partner One', active: 1 }]);

    const bound = (await post(app, '/affiliate/apis/v1/bind_aff_user_info', { affCode: ' partner1 ' }, u.cookie)).json();
    expect(bound).toMatchObject({ ret_code: 0, result: { affCode: 'PARTNER1', affiliateName: 'Partner One' } });
    expect(await app.db.selectFrom('affiliate_bindings').selectAll().where('user_id', '=', u.id).execute()).toMatchObject([{ aff_code: 'PARTNER1', ip: '127.0.0.1' }]);
    expect(await auditOf(u.id, 'affiliate.bind')).toHaveLength(1);
    // Once, for good: neither the same nor another affiliate.
    expect((await post(app, '/affiliate/apis/v1/bind_aff_user_info', { affCode: 'PARTNER1' }, u.cookie)).json().ret_code).toBe(41005);
    expect((await post(app, '/affiliate/apis/v1/bind_aff_user_info', { affCode: 'OTHER2' }, u.cookie)).json().ret_code).toBe(41005);
    expect(await app.db.selectFrom('affiliate_bindings').selectAll().where('user_id', '=', u.id).execute()).toHaveLength(1);
    expect(await info()).toMatchObject({ binding: { affCode: 'PARTNER1' }, showPopup: false });
    const list = (await get(app, '/v1/console/affiliates', reviewer.cookie)).json().result.items;
    expect(list.find((a: { code: string }) => a.code === 'PARTNER1')).toMatchObject({ members: 1, active: true });
    expect((await post(app, '/affiliate/apis/v1/bind_aff_user_info', { affCode: 'PARTNER1' })).json().ret_code).toBe(10007);
    expect((await post(app, '/affiliate/apis/v1/bind_aff_user_info', { affCode: 'PARTNER1' }, reviewer.cookie)).json().ret_code).toBe(10009);
  });

  it('the pop-up is closed by its tag', async () => {
    const u = await fresh();
    await post(app, '/v3/private/user/member/tagmember', { tagName: 'AFFILIATE_POPUP_SEEN', value: '1' }, u.cookie);
    expect((await get(app, '/affiliate/apis/v1/aff_user_info', u.cookie)).json().result.showPopup).toBe(false);
  });
});

describe('KYC announcements', () => {
  it('administrators publish; members see those for their level, acknowledge once (time, IP); withdrawn ones disappear', async () => {
    const all = (await post(app, '/v1/console/announcements', { title: 'New documents accepted', body: 'Residence permits now work.', audience: 'ALL' }, admin.cookie)).json().result;
    const verified = (await post(app, '/v1/console/announcements', { title: 'For verified members', body: 'Higher limits.', audience: 'VERIFIED' }, admin.cookie)).json().result;
    expect((await post(app, '/v1/console/announcements', { title: 't', body: 'b', audience: 'ALL' }, reviewer.cookie)).json().ret_code).toBe(10009);
    const u = await fresh();
    const list = async () => (await get(app, '/v3/private/kyc/kyc-announcements', u.cookie)).json().result.items.map((n: { id: string }) => n.id);
    expect(await list()).toEqual([all.id]);
    expect((await kycInfo(u)).bannerTags).toContain('KYC_ANNOUNCEMENT');

    expect((await post(app, '/v3/private/kyc/submit-kyc-announcement', { announcementId: verified.id }, u.cookie)).json().ret_code).toBe(41006);
    const ack = (await post(app, '/v3/private/kyc/submit-kyc-announcement', { announcementId: all.id }, u.cookie)).json();
    expect(ack).toMatchObject({ ret_code: 0, result: { announcementId: all.id } });
    const again = (await post(app, '/v3/private/kyc/submit-kyc-announcement', { announcementId: all.id }, u.cookie)).json();
    expect(again.result.acknowledgedAt).toBe(ack.result.acknowledgedAt);
    expect(await app.db.selectFrom('kyc_announcement_acks').selectAll().where('user_id', '=', u.id).execute()).toMatchObject([{ announcement_id: all.id, ip: '127.0.0.1' }]);
    expect(await auditOf(u.id, 'announcement.acknowledge')).toHaveLength(1);
    expect(await list()).toEqual([]);
    expect((await kycInfo(u)).bannerTags).not.toContain('KYC_ANNOUNCEMENT');

    const other = await fresh();
    expect((await post(app, `/v1/console/announcements/${all.id}/withdraw`, {}, reviewer.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, `/v1/console/announcements/${all.id}/withdraw`, {}, admin.cookie)).json().ret_code).toBe(0);
    expect((await post(app, `/v1/console/announcements/${all.id}/withdraw`, {}, admin.cookie)).json().ret_code).toBe(10011);
    expect((await get(app, '/v3/private/kyc/kyc-announcements', other.cookie)).json().result.items).toEqual([]);
    expect((await post(app, '/v3/private/kyc/submit-kyc-announcement', { announcementId: all.id }, other.cookie)).json().ret_code).toBe(41006);
    const console = (await get(app, '/v1/console/announcements', reviewer.cookie)).json().result.items.find((n: { id: string }) => n.id === all.id);
    expect(console).toMatchObject({ acknowledgements: 1, withdrawnAt: expect.any(String) });
    expect((await post(app, '/v3/private/kyc/submit-kyc-announcement', { announcementId: all.id })).json().ret_code).toBe(10007);
  });

  it('an announcement carries its translations (issue 27): stored, audited, given to members; a language not shipped is refused', async () => {
    const translations = { 'de-DE': { title: 'Neue Dokumente', body: 'Aufenthaltstitel funktionieren jetzt.' }, 'ja-JP': { title: '新しい書類', body: '在留カードが使えるようになりました。' } };
    const refused = await post(app, '/v1/console/announcements', { title: 'New', body: 'Body', audience: 'ALL', translations: { 'xx-XX': { title: 'x', body: 'y' } } }, admin.cookie);
    expect(refused.json().ret_code).toBe(10001);
    const published = (await post(app, '/v1/console/announcements', { title: 'New documents', body: 'Residence permits work now.', audience: 'ALL', translations }, admin.cookie)).json();
    expect(published).toMatchObject({ ret_code: 0, result: { translations } });
    const row = await app.db.selectFrom('kyc_announcements').select('translations').where('id', '=', published.result.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.translations!)).toEqual(translations);
    const audit = await app.db.selectFrom('audit_log').select('after').where('action', '=', 'announcement.publish').where('entity_id', '=', published.result.id).executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.after))).toMatchObject({ translations });
    const u = await fresh();
    const items = (await get(app, '/v3/private/kyc/kyc-announcements', u.cookie)).json().result.items as { id: string; translations: unknown }[];
    expect(items.find((n) => n.id === published.result.id)?.translations).toEqual(translations);
  });
});

describe('custody and the Satos-to-EU move', () => {
  it('a reviewer makes a member a Satos customer and offers the move; the deposit-verify pop-up shows until acknowledged', async () => {
    const u = await fresh();
    const set = (await post(app, `/v1/console/members/${u.id}/custody`, { custody: 'CUSTODY_SATOS', offerEuMigration: true, reason: 'Satos customer' }, reviewer.cookie)).json();
    expect(set).toMatchObject({ ret_code: 0, result: { custody: { custody: 'CUSTODY_SATOS', canMoveToEu: true } } });
    expect(await app.db.selectFrom('custody_accounts').selectAll().where('user_id', '=', u.id).execute()).toMatchObject([{ custody: 'CUSTODY_SATOS', entity: 'SATOS_CZ', eu_migration: 'OFFERED' }]);
    expect(await auditOf(u.id, 'custody.set')).toHaveLength(1);
    const r = await kycInfo(u);
    expect(r).toMatchObject({ custody: 'CUSTODY_SATOS', custodyInfo: { entity: 'SATOS_CZ', euMigration: 'OFFERED', euMigratedAt: null }, second_identity_state: 'KYC_TRANSFER_VERIFY_STATUS_PENDING' });
    expect(r.displayControl.isDisplaySatosToEu).toBe(true);
    expect(r.bannerTags[0]).toBe('SATOS_TO_EU');

    const popUp = async (cookie?: string) => (await get(app, '/fiat/public/channel/pop-up?type=satos_deposit_verify', cookie)).json();
    expect((await popUp(u.cookie)).result).toEqual({ type: 'satos_deposit_verify', show: true, ackTag: 'SATOS_DEPOSIT_VERIFY_SEEN' });
    expect((await popUp()).result.show).toBe(false);
    expect((await popUp(reviewer.cookie)).result.show).toBe(false);
    expect((await get(app, '/fiat/public/channel/pop-up?type=other', u.cookie)).json().ret_code).toBe(10001);
    await post(app, '/v3/private/user/member/tagmember', { tagName: 'SATOS_DEPOSIT_VERIFY_SEEN', value: '1' }, u.cookie);
    expect((await popUp(u.cookie)).result.show).toBe(false);
  });

  it('the guided move: the EU terms accepted and the custody moved in one transaction', async () => {
    const u = await fresh();
    await post(app, `/v1/console/members/${u.id}/custody`, { custody: 'CUSTODY_SATOS', offerEuMigration: true, reason: 'r' }, reviewer.cookie);
    const confirm = (body: object, cookie = u.cookie) => post(app, '/v3/private/kyc/satos-to-eu/confirm', body, cookie);
    // No EU terms yet: refused, and nothing moved (the acceptance and the move are one transaction).
    expect((await confirm({ agreementVersion: 1, consentToTransfer: true })).json().ret_code).toBe(41001);
    expect((await app.db.selectFrom('custody_accounts').select('custody').where('user_id', '=', u.id).executeTakeFirstOrThrow()).custody).toBe('CUSTODY_SATOS');
    await publish('SATOS_EU', 'EU entity terms');
    const v = (await post(app, '/option/asset/amp/product/agreement/query', { products: ['SATOS_EU'] }, u.cookie)).json().result.items[0].current.version;
    expect((await confirm({ agreementVersion: v, consentToTransfer: false })).json().ret_code).toBe(10001);
    expect((await confirm({ agreementVersion: v, consentToTransfer: true }, reviewer.cookie)).json().ret_code).toBe(10009);
    const done = (await confirm({ agreementVersion: v, consentToTransfer: true })).json();
    expect(done).toMatchObject({ ret_code: 0, result: { custody: 'CUSTODY_BYBIT', custodyInfo: { entity: 'BYBIT_EU', euMigration: 'COMPLETED' }, canMoveToEu: false } });
    expect(await app.db.selectFrom('custody_accounts').selectAll().where('user_id', '=', u.id).execute()).toMatchObject([{ custody: 'CUSTODY_BYBIT', entity: 'BYBIT_EU', eu_migration: 'COMPLETED', eu_migrated_at: expect.any(String) }]);
    expect(await app.db.selectFrom('agreement_acceptances').selectAll().where('user_id', '=', u.id).execute()).toMatchObject([{ product: 'SATOS_EU', version: v }]);
    const r = await kycInfo(u);
    expect(r).toMatchObject({ second_identity_state: 'KYC_TRANSFER_VERIFY_STATUS_COMPLETE', displayControl: { isDisplaySatosToEu: false } });
    expect(r.bannerTags).not.toContain('SATOS_TO_EU');
    expect((await confirm({ agreementVersion: v, consentToTransfer: true })).json().ret_code).toBe(41007);
    const other = await fresh();
    expect((await confirm({ agreementVersion: v, consentToTransfer: true }, other.cookie)).json().ret_code).toBe(41007);
  });

  it('the new Satos onboarding: grey release (NEW_SATOS_GRAY), level 1, EEA residence, no custody yet', async () => {
    const u = await level1('FR');
    const join = () => post(app, '/v3/private/kyc/new-satos/join', {}, u.cookie);
    expect((await get(app, '/v3/private/kyc/custody-info', u.cookie)).json().result).toMatchObject({ custody: 'CUSTODY_UNSPECIFIED', newSatosGray: false, canJoinNewSatos: false });
    expect((await join()).json().ret_code).toBe(41008);
    await setTag(u, 'NEW_SATOS_GRAY', '1');
    // Decision 052: not before the appropriateness test is passed (computed on the server; joining is refused too).
    expect(await kycInfo(u)).toMatchObject({ newSatosGray: true, displayControl: { isDisplayNewSatos: false }, bannerTags: expect.arrayContaining(['SATOS_APPROPRIATENESS']) });
    expect((await get(app, '/v3/private/kyc/custody-info', u.cookie)).json().result).toMatchObject({ canJoinNewSatos: false });
    expect((await join()).json().ret_code).toBe(41008);
    expect(await app.db.selectFrom('custody_accounts').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
    const test = (await post(app, '/v3/private/kyc/create-satos-questionnaire', {}, u.cookie)).json().result.requestId as string;
    // A failed test (1 of 4 right) still offers nothing.
    expect((await post(app, '/v3/private/kyc/submit-questionnaire', { request_id: test, answers: { limit: 'limit_now', fees: 'fees_none', seed: 'seed_share', diversify: 'div_spread' } }, u.cookie)).json().result).toMatchObject({ status: 'QUESTIONNAIRE_STATUS_REJECTED' });
    expect((await kycInfo(u)).displayControl.isDisplayNewSatos).toBe(false);
    // Passed (after the cooling-off): offered.
    await app.db.updateTable('questionnaire_answers').set({ retry_after: null }).where('id', '=', test).execute();
    const again = (await post(app, '/v3/private/kyc/create-satos-questionnaire', {}, u.cookie)).json().result.requestId as string;
    expect((await post(app, '/v3/private/kyc/submit-questionnaire', { request_id: again, answers: { limit: 'limit_price', fees: 'fees_both', seed: 'seed_secret', diversify: 'div_one' } }, u.cookie)).json().result).toMatchObject({ status: 'QUESTIONNAIRE_STATUS_APPROVED' });
    const r = await kycInfo(u);
    expect(r).toMatchObject({ newSatosGray: true, displayControl: { isDisplayNewSatos: true } });
    expect(r.bannerTags).not.toContain('SATOS_APPROPRIATENESS');
    expect((await join()).json()).toMatchObject({ ret_code: 0, result: { custody: 'CUSTODY_SATOS', custodyInfo: { entity: 'SATOS_CZ', euMigration: 'NONE' }, canJoinNewSatos: false } });
    expect(await auditOf(u.id, 'custody.new_satos.join')).toHaveLength(1);
    expect((await kycInfo(u)).displayControl.isDisplayNewSatos).toBe(false);
    expect((await join()).json().ret_code).toBe(41008);
    // Outside the EEA the onboarding is not offered.
    const gb = await level1('GB');
    await setTag(gb, 'NEW_SATOS_GRAY', '1');
    await app.db.insertInto('step_states').values({ machine: 'questionnaire', subject_id: gb.id, step: 'standardQuest', status: 'QUESTIONNAIRE_STATUS_APPROVED', updated_at: new Date().toISOString() }).execute();
    expect((await kycInfo(gb)).displayControl.isDisplayNewSatos).toBe(false);
    expect((await kycInfo(gb)).bannerTags).not.toContain('SATOS_APPROPRIATENESS');
  });

  it('a reviewer cannot offer the move to a non-Satos custody', async () => {
    const u = await fresh();
    expect((await post(app, `/v1/console/members/${u.id}/custody`, { custody: 'CUSTODY_BYBIT', offerEuMigration: true, reason: 'r' }, reviewer.cookie)).json().ret_code).toBe(10012);
    expect(await app.db.selectFrom('custody_accounts').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
    expect((await post(app, `/v1/console/members/${u.id}/custody`, { custody: 'CUSTODY_BYBIT', reason: 'r' }, u.cookie)).json().ret_code).toBe(10009);
  });
});

describe('double clicks', () => {
  it('accepting an agreement and acknowledging an announcement twice at once store one record and answer it to both', async () => {
    const u = await fresh();
    const v = (await post(app, '/option/asset/amp/product/agreement/query', { products: ['OPTION'] }, u.cookie)).json().result.items[0].current.version;
    const [a, b] = await Promise.all([0, 1].map(() => post(app, '/option/asset/amp/agreement/apply', { product: 'OPTION', version: v }, u.cookie)));
    expect([a!.json().ret_code, b!.json().ret_code]).toEqual([0, 0]);
    expect(a!.json().result.acceptedAt).toBe(b!.json().result.acceptedAt);
    expect(await app.db.selectFrom('agreement_acceptances').selectAll().where('user_id', '=', u.id).execute()).toHaveLength(1);

    const n = (await post(app, '/v1/console/announcements', { title: 'Twice', body: 'Clicked twice.', audience: 'ALL' }, admin.cookie)).json().result;
    const acks = await Promise.all([0, 1].map(() => post(app, '/v3/private/kyc/submit-kyc-announcement', { announcementId: n.id }, u.cookie)));
    expect(acks.map((r) => r.json().ret_code)).toEqual([0, 0]);
    expect(await app.db.selectFrom('kyc_announcement_acks').selectAll().where('announcement_id', '=', n.id).execute()).toHaveLength(1);
    expect(await auditOf(u.id, 'announcement.acknowledge')).toHaveLength(1);
  });
});
