/**
 * The embedded (SDK) flow is a verification flow only (issue 27, decision 047): a partner's applicant
 * has no withdrawal limits with us, so the few texts that speak of them say the same without them
 * there. Every other text is the web flow's own.
 */
const SDK_WORDING: Readonly<Record<string, string>> = {
  'kyc.overview.intro': 'kyc.overview.sdkIntro',
  'kyc.next.PROOF_OF_ADDRESS.title': 'kyc.next.PROOF_OF_ADDRESS.sdkTitle',
  'kyc.next.DONE.body': 'kyc.next.DONE.sdkBody',
  'ux.next.approved': 'ux.next.sdkApproved',
  'quick-kyc.outcome.APPROVED.next': 'quick-kyc.outcome.APPROVED.sdkNext',
  'kyc.guide.step2.intro': 'kyc.guide.step2.sdkIntro',
};

/** The translation key to use for `key`: its SDK wording in SDK mode where it has one, else `key`. */
export function wordingKey(key: string, sdk: boolean): string {
  return (sdk && SDK_WORDING[key]) || key;
}
