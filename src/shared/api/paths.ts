/**
 * The path of every call this server answers, relative to the API prefix. The web request layer
 * prepends API_PREFIX; the server registers routes under it. Names follow the spec's endpoint names.
 *
 * Only calls with a route are here (src/server/contracts.test.ts fails on a path without a route and
 * on a route without a path): the issue that builds one of the other §7 calls (sdk-access,
 * questionnaires, EDD, identity transfer, the /v1/s1/kyc/integration/* SDK variants, tasks, …) adds
 * its path together with its route and its contract.
 */
import { EXTRAS_PATHS } from './extras-paths.ts';

export const API_PREFIX = '/x-api';

const KYC = '/v3/private/kyc';

export const ApiPath = {
  // Accounts and sessions (foundation; the spec only implies them).
  login: '/v1/user/login',
  register: '/v1/user/register',
  confirmEmail: '/v1/user/confirm-email',
  /** Issue 27: "Forgot password?" (mails a link) and the link's new password. Not in the spec. */
  forgotPassword: '/v1/user/password/forgot',
  resetPassword: '/v1/user/password/reset',
  logout: '/logout',
  profile: '/v2/private/user/profile',
  memberInfo: '/user/private/member/info',
  monitoringReport: '/v1/public/monitoring/report',
  /** Region, languages, help-centre links and jump-back targets for the current host (§1, §2). */
  siteConfig: '/v1/public/site-config',
  /** The rate from US dollars to the signed-in user's currency, with its time (decision 040). */
  fiatRate: '/v1/private/fiat-rate',

  // KYC calls (§7).
  kycInfo: `${KYC}/kyc-info`,
  getKycProvider: `${KYC}/get-kyc-provider`,
  supportedDocumentType: `${KYC}/supported-document-type`,
  selfReset: `${KYC}/self-reset`,
  canVerify: `${KYC}/can-verify`,
  kycPersonalInfo: `${KYC}/kyc-personal-info`,
  getConfig: `${KYC}/get-config`,
  getSupportedIpCountryCode: `${KYC}/get-supported-ip-country-code`,
  vendorToken: `${KYC}/vendor-token`,
  trafficDiversion: `${KYC}/traffic-diversion`,
  getVerificationSdkInfo: `${KYC}/get-verification-sdk-info`,
  /** §2 vendor route: the quick path to level 1 by an identity number checked against a registry (decision 019). */
  canQuickKyc: `${KYC}/can-quick-kyc`,
  doQuickKyc: `${KYC}/do-quick-kyc`,

  /** A verification vendor's webhook (beyond §7; `:vendor` is sumsub, onfido, jumio, idnow or aai). */
  vendorWebhook: '/v1/webhooks/:vendor',

  // Questionnaires (§7; issue 11, decision 020). template_code is the §2 route's name.
  /** GET ?template_code (with scene_code and request_id, or biz_from): the template and the caller's answers. */
  questionnaireTemplateDetail: `${KYC}/questionnaire-template-detail`,
  /** POST: starts (or returns) the caller's questionnaire of a template. */
  createQuestionnaire: `${KYC}/create-questionnaire`,
  createSatosQuestionnaire: `${KYC}/create-satos-questionnaire`,
  querySatosQuestionnaire: `${KYC}/query-satos-questionnaire`,
  /** POST: sends the answers (scored at once, or for review). */
  submitQuestionnaire: `${KYC}/submit-questionnaire`,
  /** GET ?template_code: the request_id the caller answers under (started if needed). */
  questionnaireToken: `${KYC}/questionnaire-token`,
  /** GET ?sceneCode (§7): the caller's AML name-screening result for a scene (decision 026). */
  getAmlResult: `${KYC}/get-aml-result`,
  /** POST (beyond §7): saves unfinished answers as the user goes. */
  saveQuestionnaireDraft: `${KYC}/save-questionnaire-draft`,
  /** GET (beyond §7): every template with the caller's status and what is due. */
  questionnaireList: `${KYC}/questionnaire-list`,
  /** POST multipart (beyond §7): fields request_id, question_id and one picture, through the documents module's safe path. */
  uploadQuestionnaireEvidence: `${KYC}/upload-questionnaire-evidence`,
  /** POST (beyond §7): removes a picture from an unsubmitted questionnaire. */
  deleteQuestionnaireEvidence: `${KYC}/delete-questionnaire-evidence`,

  // Identity documents of the in-house provider (issue 4; the spec only implies them).
  /** POST multipart: fields kind, level and one file. */
  uploadDocument: `${KYC}/upload-document`,
  /** POST { id }: removes an unattached draft of the caller. */
  deleteDocument: `${KYC}/delete-document`,
  /** GET ?level=: the caller's drafts of that level. */
  documentDrafts: `${KYC}/document-drafts`,
  /** GET `${document}/<id>`: the image, to its owner. */
  document: `${KYC}/document`,

  // In-house provider (PROVIDER_DEFAULT): send the uploaded documents for review (beyond §7).
  submitApplication: `${KYC}/submit-application`,
  /** POST the residential address alone (beyond §7): people move after level 1 (decision 005). */
  updateAddress: `${KYC}/update-address`,

  // Re-verification (issue 10, decision 017): §7 reset-eu-poi; the page's read and the updates are beyond §7.
  reverification: `${KYC}/reverification`,
  updatePoi: `${KYC}/update-poi`,
  updatePoa: `${KYC}/update-poa`,
  /** POST { target }: the update in the vendor's flow, for a user a vendor verifies (decision 017). */
  updateVendorToken: `${KYC}/update-vendor-token`,
  resetEuPoi: `${KYC}/reset-eu-poi`,

  // The compliance console's calls are in ./console-paths.ts (ConsolePath): the first page does not carry them.
  // The user's own records (issue 18) and the RFI page's calls: AccountPagePath (./account-page-paths.ts), off the first page.

  // Compliance tasks and requests for information (issue 12, decision 027): §7 task/list, task/region,
  // compliance-tasks; the RFI page's read, answer and pictures, and the console's forms are beyond §7.
  taskList: '/segw/task/v1/task/list',
  taskRegion: '/segw/task/v1/task/region',
  complianceTasks: `${KYC}/compliance-tasks`,
  /** Decision 052: the templates in the user's language, for the reasons of their rejection. */
  reasonTemplates: `${KYC}/reason-templates`,

  // Other calls (§7).
  /** GET: the caller's enhanced due diligence status and what it asks of them (issue 12, decision 028). */
  getEddInfo: '/v3/private/aml/get-edd-info',
  countryList: '/v2/public/country-list',

  // §6, §7 the SDK/app embedded flow (issue 14, decision 021): a web user's own access token. The
  // partners' and SDK callers' integration calls and the console's businesses are in
  // ../integration-paths.ts (IntegrationPath, PartnerConsolePath): the first page does not carry them (decision 033).
  sdkAccess: `${KYC}/sdk-access`,
  // The in-house capture (issue 17, decision 023), phone handoff and liveness: CapturePath in
  // ./capture-paths.ts, off the first page (issue 32).
  // Account extras (issue 13, decision 025): agreements, custody, pop-ups, member tags, announcements.
  ...EXTRAS_PATHS,
  // Identity transfer and risk intercepts (issue 12, decision 029): TRANSFER_PATHS in ./transfer-paths.ts,
  // kept out of the first page (issue 32).
} as const;
export type ApiPath = (typeof ApiPath)[keyof typeof ApiPath];

/** §7: translation files, served by our own server (not under /x-api). */
export const TRANSLATION_PATH_PREFIX = '/common-static/fhs/i18n-upload/low-cache/project/release';
export const TranslationNamespace = {
  USER_ACCOUNTS: 'user-accounts',
  INVERSE_ERROR_CODE: 'inverse-error-code',
} as const;
export type TranslationNamespace = (typeof TranslationNamespace)[keyof typeof TranslationNamespace];

/** Pages outside the SPA. */
export const APP_BASE = '/user/accounts';
export const LOGIN_PAGE = '/login';
/** The compliance console's mount inside the SPA (beyond the spec; reviewers only, docs/decisions/010). */
export const CONSOLE_BASE = `${APP_BASE}/console`;
