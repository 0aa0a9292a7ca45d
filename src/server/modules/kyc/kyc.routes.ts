import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { submitApplicationRequest, submitApplicationResult } from '../../../shared/api/applications.ts';
import { kycInfoRequest, kycInfoResult } from '../../../shared/api/kyc-info.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { personalInfoResult, personalInfoSchema, residentialAddressSchema } from '../../../shared/api/personal-info.ts';
import {
  canVerifyRequest,
  canVerifyResult,
  getKycProviderRequest,
  ipCountryResult,
  kycConfigResult,
  kycProviderResult,
  selfResetRequest,
  selfResetResult,
  supportedDocumentTypeRequest,
  supportedDocumentTypesResult,
} from '../../../shared/api/verification.ts';
import {
  trafficDiversionRequest,
  trafficDiversionResult,
  vendorTokenRequest,
  vendorTokenResult,
  verificationSdkInfoRequest,
  verificationSdkInfoResult,
} from '../../../shared/api/vendor.ts';
import { canQuickKycResult, doQuickKycRequest, doQuickKycResult } from '../../../shared/api/quick-kyc.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf, siteOf } from '../../request-context.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { languageFromHeader } from '../../mail/templates.ts';

/** Headers a trusted CDN / proxy sets with the client's country (there is no offline GeoIP data). */
const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country'] as const;

/**
 * §7 KYC calls of the in-house provider (all under /v3/private/kyc/, signed-in users only; reviewers
 * are refused by the auth plugin). Every body is validated by its shared schema and every reply
 * serialized through its result schema.
 */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const kyc = app.services.kyc;
  /** Where the vendor sends the user back and its callbacks (PUBLIC_URL when set: behind proxies), and the user's language. */
  const publicAddressOf = (request: FastifyRequest) => ({
    origin: app.config.vendors.publicUrl ?? `${request.protocol}://${request.host}`,
    language: (request.headers['accept-language'] ?? 'en').split(',')[0]!.trim() || 'en',
  });
  // Vendors' webhooks: their own encapsulated plugin (raw bodies for signatures).
  await app.register(webhooksRoutes);

  // obtain_kyc_token: the vendor's token as vendor-token gives it (its session's callbacks go to where the user is).
  app.post(ApiPath.kycInfo, { schema: { body: kycInfoRequest, response: { 200: okEnvelope(kycInfoResult) } } }, async (request) =>
    ok(await kyc.getInfo(request.auth!.id, request.body, siteOf(request), request.auth!.changeStamps, request.body.obtain_kyc_token ? publicAddressOf(request) : undefined, actorOf(request))),
  );

  // The spec lists only POST kyc-personal-info: POST saves; GET (same path) reads what is saved.
  app.get(ApiPath.kycPersonalInfo, { schema: { response: { 200: okEnvelope(personalInfoResult) } } }, async (request) => ok(await kyc.getPersonalInfo(request.auth!.id)));
  app.post(ApiPath.kycPersonalInfo, { schema: { body: personalInfoSchema, response: { 200: okEnvelope(personalInfoResult) } } }, async (request) =>
    ok(await kyc.savePersonalInfo(request.auth!.id, request.body, actorOf(request))),
  );

  // Beyond §7 (decision 005): after level 1 only the residential address may change, for level 2.
  app.post(ApiPath.updateAddress, { schema: { body: residentialAddressSchema, response: { 200: okEnvelope(personalInfoResult) } } }, async (request) =>
    ok(await kyc.updateAddress(request.auth!.id, request.body, actorOf(request))),
  );

  app.post(ApiPath.getKycProvider, { schema: { body: getKycProviderRequest, response: { 200: okEnvelope(kycProviderResult) } } }, async (request) =>
    ok(await kyc.getProvider(request.auth!.id, request.body.level, siteOf(request))),
  );
  app.post(ApiPath.trafficDiversion, { schema: { body: trafficDiversionRequest, response: { 200: okEnvelope(trafficDiversionResult) } } }, async (request) =>
    ok(await kyc.trafficDiversion(request.auth!.id, request.body.level, siteOf(request))),
  );
  app.post(ApiPath.getVerificationSdkInfo, { schema: { body: verificationSdkInfoRequest, response: { 200: okEnvelope(verificationSdkInfoResult) } } }, async (request) =>
    ok(await kyc.verificationSdkInfo(request.auth!.id, request.body.level, siteOf(request))),
  );
  // The vendor's way back and its callbacks go to where the user is (PUBLIC_URL when set: behind proxies).
  app.post(ApiPath.vendorToken, { schema: { body: vendorTokenRequest, response: { 200: okEnvelope(vendorTokenResult) } } }, async (request) => {
    return ok(await kyc.vendorToken(request.auth!.id, request.body.level, siteOf(request), publicAddressOf(request), actorOf(request)));
  });
  // §2 vendor route: the quick path to level 1 (decision 019).
  app.get(ApiPath.canQuickKyc, { schema: { response: { 200: okEnvelope(canQuickKycResult) } } }, async (request) => ok(await kyc.canQuickKyc(request.auth!.id)));
  app.post(ApiPath.doQuickKyc, { schema: { body: doQuickKycRequest, response: { 200: okEnvelope(doQuickKycResult) } } }, async (request) =>
    ok(await kyc.doQuickKyc(request.auth!.id, request.body, actorOf(request))),
  );
  app.post(ApiPath.supportedDocumentType, { schema: { body: supportedDocumentTypeRequest, response: { 200: okEnvelope(supportedDocumentTypesResult) } } }, async (request) =>
    ok(kyc.supportedDocumentTypes(request.body.country)),
  );
  app.get(ApiPath.getConfig, { schema: { response: { 200: okEnvelope(kycConfigResult) } } }, async (request) => ok(kyc.getConfig(siteOf(request))));
  app.post(ApiPath.canVerify, { schema: { body: canVerifyRequest, response: { 200: okEnvelope(canVerifyResult) } } }, async (request) =>
    ok(await kyc.canVerify(request.auth!.id, request.body.level)),
  );
  app.post(ApiPath.selfReset, { schema: { body: selfResetRequest, response: { 200: okEnvelope(selfResetResult) } } }, async (request) =>
    ok(await kyc.selfReset(request.auth!.id, request.body.level, actorOf(request), { otp: request.body.otp, lng: languageFromHeader(request.headers['accept-language']) })),
  );

  // Only a proxy we trust may tell us the client's country (it must set or overwrite the header);
  // otherwise the answer is "unknown".
  app.get(ApiPath.getSupportedIpCountryCode, { schema: { response: { 200: okEnvelope(ipCountryResult) } } }, async (request) => {
    let value: string | undefined;
    if (app.config.trustProxy !== false) {
      for (const name of COUNTRY_HEADERS) {
        const h = request.headers[name];
        value = Array.isArray(h) ? h[0] : h;
        if (value) break;
      }
    }
    return ok(kyc.ipCountry(value));
  });

  app.post(ApiPath.submitApplication, { schema: { body: submitApplicationRequest, response: { 200: okEnvelope(submitApplicationResult) } } }, async (request) =>
    ok(await kyc.submitApplication(request.auth!.id, request.body, actorOf(request), siteOf(request))),
  );
};
