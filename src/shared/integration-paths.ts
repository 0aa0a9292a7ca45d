/**
 * §6, §7: the SDK/app calls under /v1/s1/kyc/integration/ (relative to the API prefix), and which
 * private call each one stands in for. Schema-free; not on the web app's first page (decision 033:
 * the web app loads it only in SDK mode, and the SDK page's own names are in sdk-page.ts). The
 * contracts live in shared/api/integration.ts. Names the spec gives are kept (info, provider,
 * supported-document-type, self-reset, access-token, business-info); the rest keep the name of the
 * private call they adapt (decision 021).
 */
export { SDK_BUSINESS_PARAM, SDK_EVENT_SOURCE, SDK_FLOW_PREFIX, SDK_PAGE_PATH, SdkEvent, SdkPageParam, WEB_BUSINESS_ID } from './sdk-page.ts';

const S1 = '/v1/s1/kyc/integration';
const KYC = '/v3/private/kyc';

export const IntegrationPath = {
  /** POST, signed by the partner's server (X-Partner-Key / -Ts / -Sig): an access token for one applicant. */
  integrationAccessToken: `${S1}/access-token`,
  /** POST, signed: revokes the access tokens of a token or of an applicant. */
  integrationRevokeToken: `${S1}/revoke-token`,
  /** GET, SDK token: what the SDK page shows about the partner. */
  integrationBusinessInfo: `${S1}/business-info`,
  /** GET, SDK token: §7 "sdk token info", the SDK mode's profile (`email_update_poi`). */
  integrationTokenInfo: `${S1}/token-info`,
  integrationInfo: `${S1}/info`,
  integrationProvider: `${S1}/provider`,
  integrationSupportedDocumentType: `${S1}/supported-document-type`,
  integrationSelfReset: `${S1}/self-reset`,
  integrationCanVerify: `${S1}/can-verify`,
  integrationGetConfig: `${S1}/get-config`,
  integrationPersonalInfo: `${S1}/kyc-personal-info`,
  integrationUpdateAddress: `${S1}/update-address`,
  integrationUploadDocument: `${S1}/upload-document`,
  integrationDeleteDocument: `${S1}/delete-document`,
  integrationDocumentDrafts: `${S1}/document-drafts`,
  /** GET `${integrationDocument}/<id>`: an image of the applicant (native apps; headers needed). */
  integrationDocument: `${S1}/document`,
  integrationSubmitApplication: `${S1}/submit-application`,
  integrationVendorToken: `${S1}/vendor-token`,
  integrationTrafficDiversion: `${S1}/traffic-diversion`,
  integrationVerificationSdkInfo: `${S1}/get-verification-sdk-info`,
  integrationCanQuickKyc: `${S1}/can-quick-kyc`,
  integrationDoQuickKyc: `${S1}/do-quick-kyc`,
  // Re-verification (decision 017) in the SDK flow (isUpdatePoi).
  integrationReverification: `${S1}/reverification`,
  integrationUpdatePoi: `${S1}/update-poi`,
  integrationUpdatePoa: `${S1}/update-poa`,
  integrationResetEuPoi: `${S1}/reset-eu-poi`,
  integrationUpdateVendorToken: `${S1}/update-vendor-token`,
  // §7 the Satos onboarding's questionnaire, SDK variants (decision 025).
  integrationCreateSatosQuestionnaire: `${S1}/create-satos-questionnaire`,
  integrationQuerySatosQuestionnaire: `${S1}/query-satos-questionnaire`,
} as const;
export type IntegrationPath = (typeof IntegrationPath)[keyof typeof IntegrationPath];

/** The console's administration of businesses (administrator role). `:id` is a business id. */
export const PartnerConsolePath = {
  consoleBusinesses: '/v1/console/businesses',
  consoleBusiness: '/v1/console/businesses/:id',
  consoleBusinessRotateSecret: '/v1/console/businesses/:id/rotate-secret',
} as const;

/** The private call (cookie session) of the web flow -> its SDK variant (access token). */
export const SDK_PATH_OF: Readonly<Record<string, IntegrationPath>> = {
  [`${KYC}/kyc-info`]: IntegrationPath.integrationInfo,
  [`${KYC}/get-kyc-provider`]: IntegrationPath.integrationProvider,
  [`${KYC}/supported-document-type`]: IntegrationPath.integrationSupportedDocumentType,
  [`${KYC}/self-reset`]: IntegrationPath.integrationSelfReset,
  [`${KYC}/can-verify`]: IntegrationPath.integrationCanVerify,
  [`${KYC}/get-config`]: IntegrationPath.integrationGetConfig,
  [`${KYC}/kyc-personal-info`]: IntegrationPath.integrationPersonalInfo,
  [`${KYC}/update-address`]: IntegrationPath.integrationUpdateAddress,
  [`${KYC}/upload-document`]: IntegrationPath.integrationUploadDocument,
  [`${KYC}/delete-document`]: IntegrationPath.integrationDeleteDocument,
  [`${KYC}/document-drafts`]: IntegrationPath.integrationDocumentDrafts,
  [`${KYC}/submit-application`]: IntegrationPath.integrationSubmitApplication,
  [`${KYC}/vendor-token`]: IntegrationPath.integrationVendorToken,
  [`${KYC}/traffic-diversion`]: IntegrationPath.integrationTrafficDiversion,
  [`${KYC}/get-verification-sdk-info`]: IntegrationPath.integrationVerificationSdkInfo,
  [`${KYC}/can-quick-kyc`]: IntegrationPath.integrationCanQuickKyc,
  [`${KYC}/do-quick-kyc`]: IntegrationPath.integrationDoQuickKyc,
  [`${KYC}/reverification`]: IntegrationPath.integrationReverification,
  [`${KYC}/update-poi`]: IntegrationPath.integrationUpdatePoi,
  [`${KYC}/update-poa`]: IntegrationPath.integrationUpdatePoa,
  [`${KYC}/reset-eu-poi`]: IntegrationPath.integrationResetEuPoi,
  [`${KYC}/update-vendor-token`]: IntegrationPath.integrationUpdateVendorToken,
  [`${KYC}/create-satos-questionnaire`]: IntegrationPath.integrationCreateSatosQuestionnaire,
  [`${KYC}/query-satos-questionnaire`]: IntegrationPath.integrationQuerySatosQuestionnaire,
};

/**
 * The SDK variant of a private path (a `/document/<id>` read included), or the path itself when it
 * has none. The query string, if any, is kept.
 */
export function sdkPathOf(path: string): string {
  const [bare, query] = splitQuery(path);
  const direct = SDK_PATH_OF[bare];
  if (direct) return direct + query;
  const doc = `${KYC}/document/`;
  if (bare.startsWith(doc)) return `${IntegrationPath.integrationDocument}/${bare.slice(doc.length)}${query}`;
  return path;
}

function splitQuery(path: string): [string, string] {
  const i = path.indexOf('?');
  return i < 0 ? [path, ''] : [path.slice(0, i), path.slice(i)];
}


/** Where the demo partner page, the integration reference and its OpenAPI document are served. */
export const PARTNER_DEMO_PATH = '/partner-demo/';
export const DEVELOPERS_PATH = '/developers/';
export const OPENAPI_PATH = '/developers/openapi.json';

/** Partner request signing (issue 14): header names and the freshness window. */
export const PartnerHeader = {
  KEY: 'X-Partner-Key',
  TS: 'X-Partner-Ts',
  SIG: 'X-Partner-Sig',
} as const;
export const PARTNER_SIGNATURE_MAX_AGE_MS = 5 * 60_000;
