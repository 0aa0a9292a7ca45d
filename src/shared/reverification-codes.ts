/**
 * Re-verification's ret_codes (§8 identity-update codes 1045–1053 and 1062, step code 30101), kept
 * apart from their contracts so the ret_code catalogue (ret-codes.ts) can include them without
 * importing any schema.
 */

/** §8 identity-update codes, each a distinct failure of POST update-poi / update-poa. */
export const ReverificationRetCode = {
  /** The new document names another person than the verified one (first or last name differs). */
  UPDATE_ID_OTHER_PERSON: 1045,
  /** The date of birth on the new document differs from the verified one. */
  UPDATE_ID_BIRTH_DATE_MISMATCH: 1046,
  /** The document (type, country, number) is already verified, or under review, on another account. */
  UPDATE_ID_DOCUMENT_USED: 1047,
  /** The identity document has expired, or the proof of address is older than allowed. */
  UPDATE_ID_DOCUMENT_EXPIRED: 1048,
  /** The new document is the very one already verified (same type, country and number). */
  UPDATE_ID_SAME_DOCUMENT: 1049,
  /** No re-verification of this document is requested (nothing to update). */
  UPDATE_ID_NOT_REQUESTED: 1050,
  /** Too many rejected attempts today (_Rejected_Daily): try again tomorrow. */
  UPDATE_ID_DAILY_LIMIT: 1051,
  /** An update is already under review (_Pending). */
  UPDATE_ID_UNDER_REVIEW: 1052,
  /** This account verifies in the mobile app (§6: the Turkey region is restricted to the app flow). */
  UPDATE_ID_APP_ONLY: 1053,
  /** A passport's issuing country differs from the verified nationality. */
  UPDATE_ID_NATIONALITY_MISMATCH: 1062,
  /** §8 step code 30101: the step needs the one-time code just e-mailed (`result.email`, masked). */
  OTP_REQUIRED: 30101,
  /** The one-time code is wrong or expired (a new one is sent on the next request without a code). */
  OTP_INVALID: 30102,
} as const;

/** §8: identity-update code -> message key (`reverification.<key>` in user-accounts). */
export const UPDATE_ID_ERROR_KEYS: Readonly<Record<number, string>> = {
  1045: 'updateIDError1',
  1046: 'updateIDError2',
  1062: 'updateIDError2',
  1047: 'updateIDError3',
  1048: 'updateIDError4',
  1049: 'updateIDError5',
  1050: 'updateIDError6',
  1052: 'updateIDError6',
  1053: 'updateIDError6',
  1051: 'updateIDError7',
};

