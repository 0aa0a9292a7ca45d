/**
 * §7 identity transfer and risk intercept calls (issue 12, decision 029), spread into ApiPath.
 */
export const TRANSFER_PATHS = {
  /** POST: the source's consent to move its verified identity to an account on another site. */
  kycIdentity: '/v1/kyc/identity',
  /** POST: one side confirms with its e-mailed code. */
  kycTransferVerify: '/v1/kyc/transfer/verify',
  /** POST: the caller's transfer and the step code. */
  kycTransferStatus: '/v1/kyc/transfer/status',
  /** POST (signed in): evaluate an action against the risk rules. */
  riskComponentIntercept: '/v1/kyc/risk-component/intercept',
  /** POST (public, form-encoded `sence`, guid header): the same before sign-in. */
  riskDefaultIntercept: '/user/public/risk/default-intercept',
} as const;
