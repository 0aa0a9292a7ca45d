/**
 * Request and reply examples of the integration reference (decision 059), by the last segment of
 * the call's path. Taken from real replies of a test server (then shortened); openapi.test.ts parses
 * every example with the route's own zod schemas, so an example that no longer fits fails a test.
 */
export interface OperationExample {
  /** The JSON body a caller sends (POST calls with a body). */
  request?: unknown;
  /** The query parameters a caller may send (documented as parameter examples). */
  query?: Record<string, string | number>;
  /** `result` of the ret_code 0 envelope. */
  result: unknown;
}

const ORIGIN = 'https://wallet.acme.example';
const TOKEN = 'sat_ya_LSyIYdAnJu_l4zDeek8QwP-yVavO9wsumDpiOm-M';

export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  'access-token': {
    request: { externalUserId: 'user-42', level: 1, language: 'en', origin: ORIGIN, redirect_url: `${ORIGIN}/kyc/done` },
    result: {
      accessToken: TOKEN,
      expiresAt: '2026-11-29T13:32:25.837Z',
      expiresIn: 1800,
      origin: ORIGIN,
      scene: 'acme',
      sdkUrl: `/user/accounts/auth/sdk?token=${TOKEN}&from=acme&lang=en&isUpdatePoi=false&sdkBusiness=acme`,
    },
  },
  'revoke-token': { request: { externalUserId: 'user-42' }, result: { revoked: 2 } },
  events: {
    query: { after: '1041', limit: 100 },
    result: {
      events: [
        {
          id: 'evt_6f1c2a9be3d54c0f9a8e7d6c5b4a3f21',
          type: 'kyc.level.status_changed',
          timestamp: '2026-11-29T13:05:12.402Z',
          data: { schemaVersion: 1, userId: '0b9f2d4e-7c1a-4f5e-9a3b-2d8c6e1f4a70', level: 1, previousStatus: 'PENDING', status: 'SUCCESS', cause: 'APPROVE', reasonCodes: [], applicationId: '5c3e8a1d-2b7f-4d90-8e6a-1f4b9c0d7e25' },
        },
      ],
      next: '1042',
    },
  },
  'business-info': { result: { id: 'acme', name: 'Acme Wallet', defaultLanguage: 'en', scene: 'acme' } },
  'token-info': {
    result: {
      level: 0,
      targetLevel: 1,
      email: null,
      sdkLang: 'en',
      sdkFrom: 'acme',
      isUpdatePoi: false,
      accessOrigin: ORIGIN,
      extraParams: { redirect_url: `${ORIGIN}/kyc/done` },
      business: { id: 'acme', name: 'Acme Wallet' },
      redirectAllowlist: [ORIGIN],
      expiresAt: '2026-11-29T13:32:25.837Z',
    },
  },
  // kyc-info (§7 `info`): what the page asks first; here with obtain_state and obtain_quotas.
  info: {
    request: { obtain_state: true, obtain_quotas: true },
    result: {
      apiUrl: '',
      provider: 'PROVIDER_DEFAULT',
      flowNames: ['Level1_web', 'Level2_web'],
      opened: true,
      limitation: 'LIMITATION_DEFAULT',
      limitationInfo: { limitation: 'LIMITATION_DEFAULT', reasons: [], actions: [] },
      state: [
        { level: 1, status: 'ALLOW', type: 'INDIVIDUAL' },
        { level: 2, status: 'NOT_ALLOW', type: 'INDIVIDUAL' },
      ],
      quotas: [
        { level: 0, coinLimit: [{ coin: 'BTC', limit: '0.2' }], usdLimit: '20000', period: 'DAILY' },
        { level: 1, coinLimit: [{ coin: 'BTC', limit: '10' }], usdLimit: '1000000', period: 'DAILY' },
        { level: 2, coinLimit: [{ coin: 'BTC', limit: '20' }], usdLimit: '2000000', period: 'DAILY' },
      ],
      errorNotify: [],
      second_identity_state: null,
      questionnaireStatus: 'QUESTIONNAIRE_STATUS_UNDEFINED',
      mustQuestionnaire: false,
      displayControl: {
        displayHkgPoaAgreement: false,
        isDisplayQuestionnaire: false,
        isDisplayP2pRights: false,
        isDisplayNewSatos: false,
        isDisplayNewRcOnboarding: false,
        isDisplaySatosToEu: false,
        displayUpdatePOI: { status: 'DisplayUpdatePOIStatus_No', rejectReason: '', siteInfo: { site: '', country: '' } },
        displayUpdatePOA: { status: 'DisplayUpdatePOIStatus_No', rejectReason: '', siteInfo: { site: '', country: '' } },
        displayEuPoiReset: false,
      },
      custody: 'CUSTODY_UNSPECIFIED',
      custodyInfo: null,
      newSatosGray: false,
      additionalRejectReason: [],
      bannerTags: [],
      residenceCountry: '',
      kybQuota: null,
    },
  },
};

/** A webhook delivery's example body (the same event as the feed's example). */
export const WEBHOOK_EXAMPLE = {
  type: 'kyc.level.status_changed',
  timestamp: '2026-11-29T13:05:12.402Z',
  data: (OPERATION_EXAMPLES.events!.result as { events: { data: unknown }[] }).events[0]!.data,
};
