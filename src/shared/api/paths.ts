/**
 * Every call of §7, relative to the API prefix. The web request layer prepends API_PREFIX;
 * the server registers routes under it. Names follow the spec's endpoint names.
 */
export const API_PREFIX = '/x-api';

const KYC = '/v3/private/kyc';
const SDK = '/v1/s1/kyc/integration';

export const ApiPath = {
  // Accounts and sessions (foundation; the spec only implies them).
  login: '/v1/user/login',
  register: '/v1/user/register',
  logout: '/logout',
  profile: '/v2/private/user/profile',
  memberInfo: '/user/private/member/info',
  monitoringReport: '/v1/public/monitoring/report',
  /** Region, languages, help-centre links and jump-back targets for the current host (§1, §2). */
  siteConfig: '/v1/public/site-config',

  // KYC calls (§7).
  kycInfo: `${KYC}/kyc-info`,
  sdkAccess: `${KYC}/sdk-access`,
  getKycProvider: `${KYC}/get-kyc-provider`,
  submitQuestionnaire: `${KYC}/submit-questionnaire`,
  questionnaireTemplateDetail: `${KYC}/questionnaire-template-detail`,
  resetEuPoi: `${KYC}/reset-eu-poi`,
  createQuestionnaire: `${KYC}/create-questionnaire`,
  createSatosQuestionnaire: `${KYC}/create-satos-questionnaire`,
  querySatosQuestionnaire: `${KYC}/query-satos-questionnaire`,
  supportedDocumentType: `${KYC}/supported-document-type`,
  vendorToken: `${KYC}/vendor-token`,
  selfReset: `${KYC}/self-reset`,
  canVerify: `${KYC}/can-verify`,
  complianceTasks: `${KYC}/compliance-tasks`,
  getVerificationSdkInfo: `${KYC}/get-verification-sdk-info`,
  kycPersonalInfo: `${KYC}/kyc-personal-info`,
  trafficDiversion: `${KYC}/traffic-diversion`,
  submitKycAnnouncement: `${KYC}/submit-kyc-announcement`,
  doQuickKyc: `${KYC}/do-quick-kyc`,
  canQuickKyc: `${KYC}/can-quick-kyc`,
  getConfig: `${KYC}/get-config`,
  getSupportedIpCountryCode: `${KYC}/get-supported-ip-country-code`,
  getAmlResult: `${KYC}/get-aml-result`,
  questionnaireToken: `${KYC}/questionnaire-token`,

  // Identity documents of the in-house provider (issue 4; the spec only implies them).
  /** POST multipart: fields kind, level and one file. */
  uploadDocument: `${KYC}/upload-document`,
  /** POST { id }: removes an unattached draft of the caller. */
  deleteDocument: `${KYC}/delete-document`,
  /** GET ?level=: the caller's drafts of that level. */
  documentDrafts: `${KYC}/document-drafts`,
  /** GET `${document}/<id>`: the image, to its owner. */
  document: `${KYC}/document`,
  /** GET `${consoleDocument}/<id>`: the image, to a reviewer (compliance console). */
  consoleDocument: '/v1/console/document',

  // In-house provider (PROVIDER_DEFAULT): send the uploaded documents for review (beyond §7).
  submitApplication: `${KYC}/submit-application`,
  /** POST the residential address alone (beyond §7): people move after level 1 (decision 005). */
  updateAddress: `${KYC}/update-address`,

  // Compliance console (beyond the spec; role reviewer only). `:id` is a review case id.
  consoleMe: '/v1/console/me',
  consoleCases: '/v1/console/cases',
  consoleCase: '/v1/console/cases/:id',
  consoleAssign: '/v1/console/cases/:id/assign',
  consoleRelease: '/v1/console/cases/:id/release',
  consoleApprove: '/v1/console/cases/:id/approve',
  consoleReject: '/v1/console/cases/:id/reject',

  // SDK / app integration variants (§6, §7).
  sdkKycInfo: `${SDK}/info`,
  sdkGetKycProvider: `${SDK}/provider`,
  sdkAccessToken: `${SDK}/access-token`,
  sdkBusinessInfo: `${SDK}/business-info`,

  // Other calls (§7).
  eddInfo: '/v3/private/aml/get-edd-info',
  kycIdentity: '/v1/kyc/identity',
  kycTransferVerify: '/v1/kyc/transfer/verify',
  kycTransferStatus: '/v1/kyc/transfer/status',
  riskComponentIntercept: '/v1/kyc/risk-component/intercept',
  riskDefaultIntercept: '/user/public/risk/default-intercept',
  countryList: '/v2/public/country-list',
  channelPopUp: '/fiat/public/channel/pop-up',
  tagMember: '/v3/private/user/member/tagmember',
  kycPopupInfo: '/v3/private/vip/kycpopupinfo',
  bindAffUserInfo: '/affiliate/apis/v1/bind_aff_user_info',
  agreementApply: '/option/asset/amp/agreement/apply',
  agreementQuery: '/option/asset/amp/product/agreement/query',
  taskList: '/segw/task/v1/task/list',
  taskRegion: '/segw/task/v1/task/region',
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
