/**
 * Calls of account pages other than the first (relative to the API prefix), kept out of ApiPath so
 * the first page does not carry them (issue 32); src/server/contracts.test.ts joins every table.
 */
const KYC = '/v3/private/kyc';

export const AccountPagePath = {
  // The user's own records (issue 18): their data as a file, and the request to erase it.
  dataExport: '/v1/private/user/data-export',
  erasureRequest: '/v1/private/user/erasure-request',
  // The request-for-information page (issue 12, decision 027): its read, the answer and its pictures.
  rfi: `${KYC}/rfi`,
  answerRfi: `${KYC}/answer-rfi`,
  /** POST multipart: field rfi_id, then one picture in `file`. */
  uploadRfiDocument: `${KYC}/upload-rfi-document`,
} as const;
