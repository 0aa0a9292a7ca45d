import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agreementApplyRequest, agreementApplyResult, agreementQueryRequest, agreementQueryResult } from '../../../shared/api/extras-agreements.ts';
import { kycAnnouncementsResult, submitKycAnnouncementRequest, submitKycAnnouncementResult } from '../../../shared/api/extras-announcements.ts';
import { custodyStateResult, fiatPopUpQuery, fiatPopUpResult, newSatosJoinRequest, satosToEuConfirmRequest } from '../../../shared/api/extras-custody.ts';
import { affiliateInfoResult, bindAffRequest, bindAffResult, memberTagsResult, tagMemberRequest, vipKycPopupRequest, vipKycPopupResult } from '../../../shared/api/extras-member.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { AGREEMENT_PRODUCTS } from '../../../shared/extras.ts';
import { UserRole } from '../../../shared/api/accounts.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';
import { extrasConsoleRoutes } from './extras-console.routes.ts';

/** §7 paths outside /private/ (option, affiliate) are still a signed-in user's own calls. */
const user = { auth: 'user' } as const;

/**
 * The account extras' calls for signed-in users (decision 025): each acts on the caller's own
 * account only (no call takes a user id), validated by its shared schema, written in one audited
 * transaction by the extras service.
 */
export const extrasRoutes: FastifyPluginAsyncZod = async (app) => {
  const extras = app.services.extras;
  const accounts = app.services.accounts;
  // The console's part: reviewers and administrators (its own file).
  await app.register(extrasConsoleRoutes);

  // Agreements (§7).
  app.post(ApiPath.productAgreementQuery, { config: user, schema: { body: agreementQueryRequest, response: { 200: okEnvelope(agreementQueryResult) } } }, async (request) =>
    ok({ items: await extras.agreements.query(request.auth!.id, request.body.products ?? AGREEMENT_PRODUCTS) }),
  );
  app.post(ApiPath.agreementApply, { config: user, schema: { body: agreementApplyRequest, response: { 200: okEnvelope(agreementApplyResult) } } }, async (request) =>
    ok(await extras.agreements.apply(request.auth!.id, request.body.product, request.body.version, actorOf(request))),
  );

  // Member tags (§7 tagmember): the member's own acknowledgements only.
  app.post(ApiPath.tagMember, { schema: { body: tagMemberRequest, response: { 200: okEnvelope(memberTagsResult) } } }, async (request) =>
    ok({ member_tag: await extras.member.setTag(request.auth!.id, request.body.tagName, request.body.value, 'member', actorOf(request)) }),
  );

  // VIP pop-up (§7 kycpopupinfo with bus_type).
  app.post(ApiPath.vipKycPopupInfo, { schema: { body: vipKycPopupRequest, response: { 200: okEnvelope(vipKycPopupResult) } } }, async (request) => {
    const m = await extras.factsOf(request.auth!.id);
    return ok(await extras.member.vipPopup(request.auth!.id, request.body.bus_type, m.level, m.tags));
  });

  // Affiliates (§7 bind_aff_user_info; the read is ours).
  app.get(ApiPath.affiliateInfo, { config: user, schema: { response: { 200: okEnvelope(affiliateInfoResult) } } }, async (request) =>
    ok(await extras.member.affiliateInfo(request.auth!.id, await accounts.memberTags(request.auth!.id))),
  );
  app.post(ApiPath.bindAffUserInfo, { config: user, schema: { body: bindAffRequest, response: { 200: okEnvelope(bindAffResult) } } }, async (request) =>
    ok(await extras.member.bind(request.auth!.id, request.body.affCode, actorOf(request))),
  );

  // KYC announcements (§7 submit-kyc-announcement; the list is ours).
  app.get(ApiPath.kycAnnouncements, { schema: { response: { 200: okEnvelope(kycAnnouncementsResult) } } }, async (request) => {
    const m = await extras.factsOf(request.auth!.id);
    return ok({ items: await extras.announcements.pending(request.auth!.id, m.level) });
  });
  app.post(ApiPath.submitKycAnnouncement, { schema: { body: submitKycAnnouncementRequest, response: { 200: okEnvelope(submitKycAnnouncementResult) } } }, async (request) => {
    const m = await extras.factsOf(request.auth!.id);
    return ok(await extras.announcements.acknowledge(request.auth!.id, request.body.announcementId, m.level, actorOf(request)));
  });

  // Custody, the new Satos onboarding and the Satos-to-EU flow (ours).
  app.get(ApiPath.custodyInfo, { schema: { response: { 200: okEnvelope(custodyStateResult) } } }, async (request) =>
    ok(await extras.custody.state(request.auth!.id, await extras.factsOf(request.auth!.id))),
  );
  app.post(ApiPath.newSatosJoin, { schema: { body: newSatosJoinRequest, response: { 200: okEnvelope(custodyStateResult) } } }, async (request) =>
    ok(await extras.custody.joinNewSatos(request.auth!.id, await extras.factsOf(request.auth!.id), actorOf(request))),
  );
  app.post(ApiPath.satosToEuConfirm, { schema: { body: satosToEuConfirmRequest, response: { 200: okEnvelope(custodyStateResult) } } }, async (request) =>
    ok(await extras.custody.confirmSatosToEu(request.auth!.id, request.body.agreementVersion, await extras.factsOf(request.auth!.id), actorOf(request))),
  );

  // §7 GET /fiat/public/channel/pop-up?type=satos_deposit_verify: public by its path; a visitor
  // without a session (or a reviewer) simply gets nothing to show.
  app.get(ApiPath.fiatPopUp, { schema: { querystring: fiatPopUpQuery, response: { 200: okEnvelope(fiatPopUpResult) } } }, async (request) => {
    const who = request.auth?.role === UserRole.USER ? request.auth.id : null;
    return ok(await extras.custody.fiatPopUp(who, who ? await accounts.memberTags(who) : {}));
  });
};
