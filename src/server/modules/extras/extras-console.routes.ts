import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agreementVersionView, agreementVersionsResult, publishAgreementRequest } from '../../../shared/api/extras-agreements.ts';
import { announcementIdParams, announcementsResult, announcementView, newAnnouncementRequest } from '../../../shared/api/extras-announcements.ts';
import { consoleMemberView, memberLookupResult } from '../../../shared/api/extras-console.ts';
import { consoleCustodyRequest } from '../../../shared/api/extras-custody.ts';
import { affiliatesResult, consoleTagRequest, consoleVipRequest, memberIdParams, memberLookupQuery, newAffiliateRequest } from '../../../shared/api/extras-member.ts';
import { emptyRequest } from '../../../shared/api/console.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { emptyResult, okEnvelope } from '../../../shared/envelope-schema.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';

const reviewer = { auth: 'reviewer' } as const;
const administrator = { auth: 'reviewer', consoleRole: ConsoleRole.ADMINISTRATOR } as const;

/**
 * The console's part of the account extras (decision 025): reviewers look members up and manage
 * their tags, custody and VIP invitations; a tag that lowers a duty (KYC '1', KYB '1') is only
 * proposed, by a senior reviewer, for a second one to confirm (decision 036). Administrators publish
 * agreement versions and announcements and add affiliates. Every change is audited with its actor.
 */
export const extrasConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const extras = app.services.extras;

  app.get(ConsolePath.consoleMemberLookup, { config: reviewer, schema: { querystring: memberLookupQuery, response: { 200: okEnvelope(memberLookupResult) } } }, async (request) =>
    ok({ id: await extras.findMember(request.query.email) }),
  );
  app.get(ConsolePath.consoleMember, { config: reviewer, schema: { params: memberIdParams, response: { 200: okEnvelope(consoleMemberView) } } }, async (request) => ok(await extras.memberView(request.params.id)));
  app.post(ConsolePath.consoleMemberTag, { config: reviewer, schema: { params: memberIdParams, body: consoleTagRequest, response: { 200: okEnvelope(consoleMemberView) } } }, async (request) => {
    await extras.assertMember(request.params.id);
    await extras.setTagByReviewer(request.params.id, request.body.tagName, request.body.value, request.body.reason, actorOf(request));
    return ok(await extras.memberView(request.params.id));
  });
  app.post(ConsolePath.consoleMemberCustody, { config: reviewer, schema: { params: memberIdParams, body: consoleCustodyRequest, response: { 200: okEnvelope(consoleMemberView) } } }, async (request) => {
    await extras.assertMember(request.params.id);
    await extras.custody.setByReviewer(request.params.id, request.body, actorOf(request));
    return ok(await extras.memberView(request.params.id));
  });
  app.post(ConsolePath.consoleMemberVip, { config: reviewer, schema: { params: memberIdParams, body: consoleVipRequest, response: { 200: okEnvelope(consoleMemberView) } } }, async (request) => {
    await extras.assertMember(request.params.id);
    await extras.member.setVip(request.params.id, request.body.bus_type, request.body.tier, actorOf(request));
    return ok(await extras.memberView(request.params.id));
  });

  app.get(ConsolePath.consoleAnnouncements, { config: reviewer, schema: { response: { 200: okEnvelope(announcementsResult) } } }, async () => ok({ items: await extras.announcements.all() }));
  app.post(ConsolePath.consoleAnnouncements, { config: administrator, schema: { body: newAnnouncementRequest, response: { 200: okEnvelope(announcementView) } } }, async (request) =>
    ok(await extras.announcements.publish(request.body, actorOf(request))),
  );
  app.post(ConsolePath.consoleAnnouncementWithdraw, { config: administrator, schema: { params: announcementIdParams, body: emptyRequest, response: { 200: okEnvelope(emptyResult) } } }, async (request) => {
    await extras.announcements.withdraw(request.params.id, actorOf(request));
    return ok({});
  });

  app.get(ConsolePath.consoleAgreements, { config: reviewer, schema: { response: { 200: okEnvelope(agreementVersionsResult) } } }, async () => ok({ items: await extras.agreements.versions() }));
  app.post(ConsolePath.consoleAgreements, { config: administrator, schema: { body: publishAgreementRequest, response: { 200: okEnvelope(agreementVersionView) } } }, async (request) =>
    ok(await extras.agreements.publish(request.body.product, request.body.title, request.body.body, actorOf(request))),
  );

  app.get(ConsolePath.consoleAffiliates, { config: reviewer, schema: { response: { 200: okEnvelope(affiliatesResult) } } }, async () => ok({ items: await extras.member.affiliates() }));
  app.post(ConsolePath.consoleAffiliates, { config: administrator, schema: { body: newAffiliateRequest, response: { 200: okEnvelope(emptyResult) } } }, async (request) => {
    await extras.member.addAffiliate(request.body.code, request.body.name, actorOf(request));
    return ok({});
  });
};
