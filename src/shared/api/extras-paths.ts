/**
 * The account extras' calls (issue 13, decision 025), relative to the API prefix; spread into ApiPath.
 * §7 names most of them; the rest (marked) are ours: a read the spec implies. The console's are in
 * ConsolePath (console-paths.ts), off the first page.
 */
const KYC = '/v3/private/kyc';

export const EXTRAS_PATHS = {
  // §7 option product agreement (and every other agreement product).
  agreementApply: '/option/asset/amp/agreement/apply',
  productAgreementQuery: '/option/asset/amp/product/agreement/query',
  // §7 pop-ups and member calls.
  fiatPopUp: '/fiat/public/channel/pop-up',
  vipKycPopupInfo: '/v3/private/vip/kycpopupinfo',
  bindAffUserInfo: '/affiliate/apis/v1/bind_aff_user_info',
  /** Ours: GET the caller's binding and whether the affiliate pop-up is offered. */
  affiliateInfo: '/affiliate/apis/v1/aff_user_info',
  tagMember: '/v3/private/user/member/tagmember',
  // §7 KYC announcements; the list to acknowledge is ours.
  submitKycAnnouncement: `${KYC}/submit-kyc-announcement`,
  kycAnnouncements: `${KYC}/kyc-announcements`,
  // Ours: custody and the Satos-to-EU guided flow.
  custodyInfo: `${KYC}/custody-info`,
  satosToEuConfirm: `${KYC}/satos-to-eu/confirm`,
  newSatosJoin: `${KYC}/new-satos/join`,
} as const;
