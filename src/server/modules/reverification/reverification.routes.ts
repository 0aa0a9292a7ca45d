import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiPath } from '../../../shared/api/paths.ts';
import {
  resetEuPoiRequest,
  resetEuPoiResult,
  reverificationInfoResult,
  submitUpdateResult,
  updatePoaRequest,
  updatePoiRequest,
  updateVendorTokenRequest,
} from '../../../shared/api/reverification.ts';
import { vendorTokenResult } from '../../../shared/api/vendor.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf, siteOf } from '../../request-context.ts';

/**
 * Re-verification for the signed-in user (decision 017): the page's read, the two updates (the
 * in-house capture's submissions, or a session in the vendor's flow) and §7 reset-eu-poi. Reviewers are refused by the auth plugin; a
 * user only ever reaches their own re-verification (the session says whose).
 */
export const reverificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const reverification = app.services.reverification;

  app.get(ApiPath.reverification, { schema: { response: { 200: okEnvelope(reverificationInfoResult) } } }, async (request) => ok(await reverification.info(request.auth!.id, siteOf(request))));

  app.post(ApiPath.updatePoi, { schema: { body: updatePoiRequest, response: { 200: okEnvelope(submitUpdateResult) } } }, async (request) =>
    ok(await reverification.submitPoi(request.auth!.id, request.body, actorOf(request), siteOf(request))),
  );

  app.post(ApiPath.updatePoa, { schema: { body: updatePoaRequest, response: { 200: okEnvelope(submitUpdateResult) } } }, async (request) =>
    ok(await reverification.submitPoa(request.auth!.id, request.body, actorOf(request), siteOf(request))),
  );

  // A user a vendor verifies sends the update in that vendor's flow (decision 017): its SDK token or
  // hosted page. The vendor's way back and callbacks go to where the user is (PUBLIC_URL when set).
  app.post(ApiPath.updateVendorToken, { schema: { body: updateVendorTokenRequest, response: { 200: okEnvelope(vendorTokenResult) } } }, async (request) => {
    const origin = app.config.vendors.publicUrl ?? `${request.protocol}://${request.host}`;
    const language = (request.headers['accept-language'] ?? 'en').split(',')[0]!.trim() || 'en';
    return ok(await reverification.startVendorUpdate(request.auth!.id, request.body.target, siteOf(request), { origin, language }, actorOf(request)));
  });

  app.post(ApiPath.resetEuPoi, { schema: { body: resetEuPoiRequest, response: { 200: okEnvelope(resetEuPoiResult) } } }, async (request) =>
    ok(await reverification.resetEuPoi(request.auth!.id, actorOf(request))),
  );
};
