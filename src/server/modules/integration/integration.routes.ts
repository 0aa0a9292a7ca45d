import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { submitApplicationRequest, submitApplicationResult } from '../../../shared/api/applications.ts';
import { documentDraftsQuery, documentDraftsResult, deleteDocumentRequest } from '../../../shared/api/documents.ts';
import {
  accessTokenRequest,
  accessTokenResult,
  businessInfoResult,
  revokeTokenRequest,
  revokeTokenResult,
  sdkAccessRequest,
  sdkAccessResult,
  tokenInfoQuery,
  tokenInfoResult,
} from '../../../shared/api/integration.ts';
import { kycInfoRequest, kycInfoResult } from '../../../shared/api/kyc-info.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { personalInfoResult, personalInfoSchema, residentialAddressSchema } from '../../../shared/api/personal-info.ts';
import { canQuickKycResult, doQuickKycRequest, doQuickKycResult } from '../../../shared/api/quick-kyc.ts';
import {
  trafficDiversionRequest,
  trafficDiversionResult,
  vendorTokenRequest,
  vendorTokenResult,
  verificationSdkInfoRequest,
  verificationSdkInfoResult,
} from '../../../shared/api/vendor.ts';
import {
  canVerifyRequest,
  canVerifyResult,
  getKycProviderRequest,
  kycConfigResult,
  kycProviderResult,
  selfResetRequest,
  selfResetResult,
  supportedDocumentTypeRequest,
  supportedDocumentTypesResult,
} from '../../../shared/api/verification.ts';
import { emptyResult, okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf, siteOf } from '../../request-context.ts';
import { languageFromHeader } from '../../mail/templates.ts';
import { createSatosQuestionnaireRequest, satosQuestionnaireResult } from '../../../shared/api/questionnaires.ts';
import { IntegrationPath, WEB_BUSINESS_ID } from '../../../shared/integration-paths.ts';
import { resetEuPoiRequest, resetEuPoiResult, reverificationInfoResult, submitUpdateResult, updatePoaRequest, updatePoiRequest, updateVendorTokenRequest } from '../../../shared/api/reverification.ts';

const userId = (request: { auth: { id: string } | null }) => request.auth!.id;
const languageOf = (request: { headers: Record<string, string | string[] | undefined> }) => {
  const h = request.headers['accept-language'];
  return ((Array.isArray(h) ? h[0] : h) ?? 'en').split(',')[0]!.trim() || 'en';
};

/**
 * §6, §7 the SDK/app calls (decision 021). The KYC calls are thin adapters: the private call's
 * contract and the same service method, with the access token's applicant in place of the session's
 * user (the auth plugin's `sdk` guard; cookies are never read here). The partner's own calls are
 * signed (`partner` guard over the raw body). Document upload and reads are registered by the
 * documents module for both paths.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const kyc = app.services.kyc;
  const partners = app.services.partners;

  // The partner's server: signed calls, body kept raw until the signature holds (auth plugin).
  await app.register(async (scope) => {
    const signed = scope.withTypeProvider<ZodTypeProvider>();
    signed.removeAllContentTypeParsers();
    signed.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    signed.post(IntegrationPath.integrationAccessToken, { config: { auth: 'partner' }, schema: { body: accessTokenRequest, response: { 200: okEnvelope(accessTokenResult) } } }, async (request) =>
      ok(await partners.issueAccessToken(request.partner!.id, request.body, actorOf(request))),
    );
    signed.post(IntegrationPath.integrationRevokeToken, { config: { auth: 'partner' }, schema: { body: revokeTokenRequest, response: { 200: okEnvelope(revokeTokenResult) } } }, async (request) =>
      ok(await partners.revokeTokens(request.partner!.id, request.body, actorOf(request))),
    );
  });

  // The SDK page's own calls.
  app.get(IntegrationPath.integrationTokenInfo, { config: { sdkOriginOptional: true }, schema: { querystring: tokenInfoQuery, response: { 200: okEnvelope(tokenInfoResult) } } }, async (request) =>
    ok(await partners.tokenInfo(request.sdk!, request.query.email_update_poi === 'true')),
  );
  app.get(IntegrationPath.integrationBusinessInfo, { schema: { response: { 200: okEnvelope(businessInfoResult) } } }, async (request) => ok(await partners.businessInfo(request.sdk!)));

  // A web user's own token (§7 sdk-access): cookie session, bound to our own origin.
  app.post(ApiPath.sdkAccess, { schema: { body: sdkAccessRequest, response: { 200: okEnvelope(sdkAccessResult) } } }, async (request) => {
    const origin = app.config.vendors.publicUrl ?? `${request.protocol}://${request.host}`;
    return ok(await partners.issueWebAccessToken(userId(request), request.body, new URL(origin).origin, null, actorOf(request)));
  });

  // The KYC calls of the SDK flow: same contracts and services as /v3/private/kyc/*.
  app.post(IntegrationPath.integrationInfo, { schema: { body: kycInfoRequest, response: { 200: okEnvelope(kycInfoResult) } } }, async (request) =>
    ok(
      await kyc.getInfo(userId(request), request.body, siteOf(request), undefined, request.body.obtain_kyc_token ? { origin: app.config.vendors.publicUrl ?? `${request.protocol}://${request.host}`, language: languageOf(request) } : undefined, actorOf(request)),
    ),
  );
  app.post(IntegrationPath.integrationProvider, { schema: { body: getKycProviderRequest, response: { 200: okEnvelope(kycProviderResult) } } }, async (request) =>
    ok(await kyc.getProvider(userId(request), request.body.level, siteOf(request))),
  );
  app.post(IntegrationPath.integrationSupportedDocumentType, { schema: { body: supportedDocumentTypeRequest, response: { 200: okEnvelope(supportedDocumentTypesResult) } } }, async (request) =>
    ok(kyc.supportedDocumentTypes(request.body.country)),
  );
  app.post(IntegrationPath.integrationSelfReset, { schema: { body: selfResetRequest, response: { 200: okEnvelope(selfResetResult) } } }, async (request) =>
    ok(
      await kyc.selfReset(
        userId(request),
        request.body.level,
        actorOf(request),
        // A web user's own token: the e-mailed code as on the web; a partner's applicant: the partner's sign-in.
        request.sdk!.businessId === WEB_BUSINESS_ID ? { otp: request.body.otp, lng: languageFromHeader(request.headers['accept-language']) } : { byPartner: request.sdk!.businessId },
      ),
    ),
  );
  app.post(IntegrationPath.integrationCanVerify, { schema: { body: canVerifyRequest, response: { 200: okEnvelope(canVerifyResult) } } }, async (request) => ok(await kyc.canVerify(userId(request), request.body.level)));
  app.get(IntegrationPath.integrationGetConfig, { schema: { response: { 200: okEnvelope(kycConfigResult) } } }, async (request) => ok(kyc.getConfig(siteOf(request))));
  app.get(IntegrationPath.integrationPersonalInfo, { schema: { response: { 200: okEnvelope(personalInfoResult) } } }, async (request) => ok(await kyc.getPersonalInfo(userId(request))));
  app.post(IntegrationPath.integrationPersonalInfo, { schema: { body: personalInfoSchema, response: { 200: okEnvelope(personalInfoResult) } } }, async (request) =>
    ok(await kyc.savePersonalInfo(userId(request), request.body, actorOf(request))),
  );
  app.post(IntegrationPath.integrationUpdateAddress, { schema: { body: residentialAddressSchema, response: { 200: okEnvelope(personalInfoResult) } } }, async (request) =>
    ok(await kyc.updateAddress(userId(request), request.body, actorOf(request))),
  );
  app.get(IntegrationPath.integrationDocumentDrafts, { schema: { querystring: documentDraftsQuery, response: { 200: okEnvelope(documentDraftsResult) } } }, async (request) =>
    ok({ documents: await app.services.documents.draftsOf(userId(request), request.query.level) }),
  );
  app.post(IntegrationPath.integrationDeleteDocument, { schema: { body: deleteDocumentRequest, response: { 200: okEnvelope(emptyResult) } } }, async (request) => {
    await app.services.documents.remove(userId(request), request.body.id, actorOf(request));
    return ok({});
  });
  app.post(IntegrationPath.integrationSubmitApplication, { schema: { body: submitApplicationRequest, response: { 200: okEnvelope(submitApplicationResult) } } }, async (request) =>
    ok(await kyc.submitApplication(userId(request), request.body, actorOf(request), siteOf(request))),
  );
  app.post(IntegrationPath.integrationTrafficDiversion, { schema: { body: trafficDiversionRequest, response: { 200: okEnvelope(trafficDiversionResult) } } }, async (request) =>
    ok(await kyc.trafficDiversion(userId(request), request.body.level, siteOf(request))),
  );
  app.post(IntegrationPath.integrationVerificationSdkInfo, { schema: { body: verificationSdkInfoRequest, response: { 200: okEnvelope(verificationSdkInfoResult) } } }, async (request) =>
    ok(await kyc.verificationSdkInfo(userId(request), request.body.level, siteOf(request))),
  );
  app.post(IntegrationPath.integrationVendorToken, { schema: { body: vendorTokenRequest, response: { 200: okEnvelope(vendorTokenResult) } } }, async (request) => {
    const origin = app.config.vendors.publicUrl ?? `${request.protocol}://${request.host}`;
    return ok(await kyc.vendorToken(userId(request), request.body.level, siteOf(request), { origin, language: languageOf(request) }, actorOf(request)));
  });
  app.get(IntegrationPath.integrationCanQuickKyc, { schema: { response: { 200: okEnvelope(canQuickKycResult) } } }, async (request) => ok(await kyc.canQuickKyc(userId(request))));
  app.post(IntegrationPath.integrationDoQuickKyc, { schema: { body: doQuickKycRequest, response: { 200: okEnvelope(doQuickKycResult) } } }, async (request) =>
    ok(await kyc.doQuickKyc(userId(request), request.body, actorOf(request))),
  );

  // §7 the Satos onboarding's questionnaire (decision 025), as on the web.
  const questionnaires = app.services.questionnaires;
  app.post(IntegrationPath.integrationCreateSatosQuestionnaire, { schema: { body: createSatosQuestionnaireRequest, response: { 200: okEnvelope(satosQuestionnaireResult) } } }, async (request) =>
    ok(await questionnaires.createSatos(userId(request), request.body, actorOf(request))),
  );
  app.get(IntegrationPath.integrationQuerySatosQuestionnaire, { schema: { response: { 200: okEnvelope(satosQuestionnaireResult) } } }, async (request) => ok(await questionnaires.querySatos(userId(request))));

  // Re-verification (decision 017): the page's read, the two updates and §7 reset-eu-poi, as on the web.
  const reverification = app.services.reverification;
  app.get(IntegrationPath.integrationReverification, { schema: { response: { 200: okEnvelope(reverificationInfoResult) } } }, async (request) => ok(await reverification.info(userId(request), siteOf(request))));
  app.post(IntegrationPath.integrationUpdatePoi, { schema: { body: updatePoiRequest, response: { 200: okEnvelope(submitUpdateResult) } } }, async (request) =>
    ok(await reverification.submitPoi(userId(request), request.body, actorOf(request), siteOf(request))),
  );
  app.post(IntegrationPath.integrationUpdatePoa, { schema: { body: updatePoaRequest, response: { 200: okEnvelope(submitUpdateResult) } } }, async (request) =>
    ok(await reverification.submitPoa(userId(request), request.body, actorOf(request), siteOf(request))),
  );
  app.post(IntegrationPath.integrationUpdateVendorToken, { schema: { body: updateVendorTokenRequest, response: { 200: okEnvelope(vendorTokenResult) } } }, async (request) => {
    const origin = app.config.vendors.publicUrl ?? `${request.protocol}://${request.host}`;
    const language = (request.headers['accept-language'] ?? 'en').split(',')[0]!.trim() || 'en';
    return ok(await reverification.startVendorUpdate(userId(request), request.body.target, siteOf(request), { origin, language }, actorOf(request)));
  });
  app.post(IntegrationPath.integrationResetEuPoi, { schema: { body: resetEuPoiRequest, response: { 200: okEnvelope(resetEuPoiResult) } } }, async (request) =>
    ok(await reverification.resetEuPoi(userId(request), actorOf(request))),
  );
};

// The module's other HTTP surfaces, mounted by app.ts: the reference and the demo partner page.
export { default as developersPlugin } from './developers.routes.ts';
export { partnerDemoRoutes } from './partner-demo.routes.ts';
