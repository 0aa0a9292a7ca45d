import { ReverificationRetCode } from './reverification-codes.ts';

/**
 * The ret_code catalogue: every code the server sends and every code the client reacts to (§8).
 * Business outcomes are HTTP 200 with one of these; the client looks messages up by code in the
 * `inverse-error-code` translation namespace, so each code here has a translated message there.
 */
export const RetCode = {
  OK: 0,
  /** Re-verification (§8 identity-update codes, step code 30101): see reverification-codes.ts. */
  ...ReverificationRetCode,
  /** Server-side failure; the body never carries internals. */
  INTERNAL_ERROR: 10000,
  /** Input failed validation; `result.fields` says which. */
  PARAMS_ERROR: 10001,
  /** Too many attempts (login throttling); `result.retryAfterSeconds` says when to retry. */
  TOO_MANY_ATTEMPTS: 10006,
  /** §8: not logged in. 10007 on profile load redirects to /login. */
  NOT_LOGGED_IN: 10007,
  /** §8: "user no permission": the caller is authenticated but not allowed (wrong role, owner). */
  NO_PERMISSION: 10009,
  /** A state-changing request came from a foreign origin (cross-site request forgery defence). */
  ORIGIN_REJECTED: 10010,
  /** The resource does not exist (or is not the caller's: we never reveal which). */
  NOT_FOUND: 10011,
  /** The action is not allowed in the current state (state machine refused the transition). */
  WRONG_STATE: 10012,
  /** §8: SDK access token rejected or expired; treated as "user no permission". */
  ACCESS_TOKEN_INVALID: 33003,
  /** §8: request timed out / token error: red "Timeout, …" toast for 3 s. */
  TIMEOUT: 1007,
  TOKEN_ERROR: 1008,
  /** Login failed: same code and message whether the e-mail exists or not. */
  LOGIN_FAILED: 20001,
  /** Registration with an e-mail that already has an account. */
  EMAIL_TAKEN: 20002,
  /** E-mail confirmation link unknown, expired or already used: one answer for all (register again). */
  EMAIL_CONFIRMATION_INVALID: 20003,
  /** Login to a disabled account (a demo account while demo mode is off; decision 035), after the right password only. */
  ACCOUNT_DISABLED: 20004,
  /** Password-reset link unknown, expired or already used: one answer for all (ask for a new link). Issue 27. */
  PASSWORD_RESET_INVALID: 20005,
  /** Document upload: the file is not a JPEG, PNG or WebP image (judged by its bytes; SVG, PDF, text…). */
  DOCUMENT_TYPE_UNSUPPORTED: 34001,
  /** Document upload: HEIC/HEIF photos cannot be decoded here; the user should send JPEG instead. */
  DOCUMENT_HEIC_UNSUPPORTED: 34002,
  /** Document upload: the image is truncated or corrupt. */
  DOCUMENT_IMAGE_UNREADABLE: 34003,
  /** Document upload: shortest side below the minimum; `result.minSide` says how many pixels. */
  DOCUMENT_IMAGE_TOO_SMALL: 34004,
  /** Document upload: too many pixels to decode safely; `result.maxPixels`. */
  DOCUMENT_IMAGE_TOO_LARGE: 34005,
  /** Document upload: the file is over the size limit (HTTP 413); `result.maxBytes`. */
  DOCUMENT_FILE_TOO_LARGE: 34006,
  /** A document named in a submission is not (or no longer) an unattached upload of this user. */
  DOCUMENT_NOT_AVAILABLE: 34007,
  /** Document upload: the multipart body could not be read (no or wrong boundary, truncated, garbled; HTTP 400). */
  DOCUMENT_UPLOAD_MALFORMED: 34008,
  /**
   * Reading a document: its content or the master key that opens it is not available to this server
   * (the document store lost the object, or the key is not configured here). Nothing is served.
   */
  DOCUMENT_CONTENT_UNAVAILABLE: 34009,
  /**
   * Document upload: the picture is the same (or nearly: a perceptual hash, decision 048) as the one
   * stored for the other side of the document; `result.otherKind` names that side. Nothing is stored.
   */
  DOCUMENT_SAME_PICTURE: 34010,
  /** Document upload: the PDF is encrypted (a password, or an owner password with restrictions); decision 053. */
  DOCUMENT_PDF_ENCRYPTED: 34011,
  /** Document upload: the PDF carries scripts, attachments or forms that act; decision 053. */
  DOCUMENT_PDF_ACTIVE_CONTENT: 34012,
  /** Document upload: the PDF has more pages than a statement has; `result.maxPages`. Decision 053. */
  DOCUMENT_PDF_TOO_MANY_PAGES: 34013,
  /** KYC submit (level 1) before the personal information is saved. */
  KYC_PERSONAL_INFO_REQUIRED: 35001,
  /** Personal information can no longer be changed: submitted for review or approved. */
  KYC_PERSONAL_INFO_LOCKED: 35002,
  /** KYC submit without every image the document type needs; `result.missing` lists the kinds. */
  KYC_DOCUMENTS_MISSING: 35003,
  /** Verification is not available for the country (disabled jurisdiction). */
  KYC_COUNTRY_NOT_SUPPORTED: 35004,
  /** Review: the case is assigned to another reviewer; `result.assigneeId` says whom. Release or ask them. */
  REVIEW_CASE_ASSIGNED: 36001,
  /** Four-eyes: a reviewer tried to confirm (or send back) their own proposal; another senior reviewer must. */
  REVIEW_SELF_CONFIRMATION: 36002,
  /** Override (decision 022): only a verification provider's current decision can be overridden in the console. */
  REVIEW_OVERRIDE_NOT_PROVIDER: 36010,
  /** Override: the new decision must change the outcome or the rejection mode of the provider's. */
  REVIEW_OVERRIDE_SAME_DECISION: 36011,
  /** Override: the user's level moved on since the provider decided (a new application, the next level under way). */
  REVIEW_OVERRIDE_SUBJECT_MOVED_ON: 36012,
  /** Four-eyes (decision 036): lowering what a member must prove (e.g. KYC '1') is proposed by a senior reviewer; a plain reviewer cannot. */
  REVIEW_SENIOR_REQUIRED: 36013,
  /** Four-eyes (decision 036): a change of this member tag already awaits a second look; confirm, send back or withdraw it first. */
  MEMBER_TAG_CHANGE_PENDING: 36014,
  /** KYC: the user is routed to another verification provider than the one this call belongs to. */
  KYC_PROVIDER_MISMATCH: 35005,
  /** KYC: the verification provider (a vendor) did not answer or answered nonsense; nothing was changed. Try again later. */
  KYC_PROVIDER_UNAVAILABLE: 35006,
  /** Quick KYC: today's registry checks are used up; `result.retryAfterSeconds` (and `retryAfterHours`) say when the next is allowed. */
  QUICK_KYC_ATTEMPTS_EXCEEDED: 37001,
  /** Quick KYC: not offered to this user (country of residence, number type, or its provider not configured here). */
  QUICK_KYC_NOT_OFFERED: 37002,
  /** Partner call (decision 021): X-Partner-Key names no active business. */
  PARTNER_UNKNOWN: 39001,
  /** Partner call: the X-Partner-Sig header is missing or is not the HMAC of this request under the business's secret. */
  PARTNER_SIGNATURE_INVALID: 39002,
  /** Partner call: X-Partner-Ts is missing or more than 5 minutes away from our clock. */
  PARTNER_TIMESTAMP_STALE: 39003,
  /** Partner call: this signature was already used (a replayed request). */
  PARTNER_SIGNATURE_REPLAYED: 39004,
  /** Access token: the origin asked for is not one of the business's allowed origins. */
  PARTNER_ORIGIN_NOT_ALLOWED: 39005,
  /** Access token: `redirect_url` is not on the business's redirect allowlist (§2 jump-back). */
  PARTNER_REDIRECT_NOT_ALLOWED: 39006,
  /** Access token: the business scene asked for is not one of the business's scenes. */
  PARTNER_SCENE_NOT_ALLOWED: 39007,
  /** Business registry: a business with this id already exists (or the id is reserved). */
  PARTNER_EXISTS: 39008,
  /** Exchange-wide events feed (decision 056): the Authorization header carries no key an administrator issued, or a revoked one. */
  EVENTS_FEED_KEY_INVALID: 39009,
  /** Capture handoff (decision 023): the phone link or the phone's session is unknown. */
  HANDOFF_LINK_INVALID: 40001,
  /** Capture handoff: the link was not opened in time, or the phone's session ran out; make a new one on the computer. */
  HANDOFF_LINK_EXPIRED: 40002,
  /** Capture handoff: the link was opened already (links work once, on one phone). */
  HANDOFF_LINK_USED: 40003,
  /** Capture handoff: the link was ended on the computer (or replaced by a newer one). */
  HANDOFF_LINK_REVOKED: 40004,
  /** Capture handoff: this picture is not part of the step the link was made for. */
  HANDOFF_STEP_MISMATCH: 40005,
  /** Capture handoff: the phone already said it was done; make a new link to send more. */
  HANDOFF_FINISHED: 40006,
  /** Liveness: the challenge is unknown, expired or already answered; start a new one. */
  LIVENESS_CHALLENGE_INVALID: 40010,
  /** Liveness: the server's face checks are all busy right now; send the same finish again in a moment (decision 039). */
  LIVENESS_BUSY: 40011,
  /** Questionnaires: a failed test's cooling-off period is not over; `result.retryAfter` (ISO time) and `retryAfterSeconds` say when. */
  QUESTIONNAIRE_COOLING_OFF: 38001,
  /** Questionnaires: the answers can no longer be changed (under review, or decided). */
  QUESTIONNAIRE_NOT_EDITABLE: 38002,
  /** Questionnaires: rejected for good; no new version can be submitted. */
  QUESTIONNAIRE_CLOSED: 38003,
  /** Agreements: no text of this product is published yet, so there is nothing to accept. */
  AGREEMENT_NOT_PUBLISHED: 41001,
  /** Agreements: the version accepted is not the current one (a new version was published meanwhile); `result.currentVersion`. */
  AGREEMENT_VERSION_OUTDATED: 41002,
  /** Member tags: this tag (or value) is not one the member may set; reviewers set it. */
  MEMBER_TAG_NOT_ALLOWED: 41003,
  /** Affiliates: no active affiliate has this code. */
  AFFILIATE_CODE_UNKNOWN: 41004,
  /** Affiliates: the account is bound to an affiliate already (once, for good). */
  AFFILIATE_ALREADY_BOUND: 41005,
  /** KYC announcements: the announcement is not (or no longer) one for this user. */
  ANNOUNCEMENT_NOT_AVAILABLE: 41006,
  /** Custody: the move to the EU entity is not offered to this account (or is done). */
  SATOS_TO_EU_NOT_OFFERED: 41007,
  /** Custody: the new Satos onboarding is not offered to this account. */
  NEW_SATOS_NOT_OFFERED: 41008,
  /** Console: an affiliate with this code exists already. */
  AFFILIATE_CODE_TAKEN: 41009,
  /** §8: client-side request timeout (408); never sent by the server. */
  CLIENT_TIMEOUT: 9000001,
  /** §8: message shown for network / HTTP errors (the client looks up this code's text). */
  NETWORK_ERROR_MESSAGE: 50016,
} as const;
export type RetCode = (typeof RetCode)[keyof typeof RetCode];

/** §8: codes the client treats as "user no permission" (cache cleared, no toast). */
export const NO_PERMISSION_CODES: readonly number[] = [
  RetCode.NOT_LOGGED_IN,
  RetCode.ACCESS_TOKEN_INVALID,
  RetCode.NO_PERMISSION,
];

/** §8: codes shown as the red "Timeout, {ret_msg or 'token error'}." toast for 3 s. */
export const TIMEOUT_CODES: readonly number[] = [RetCode.TIMEOUT, RetCode.TOKEN_ERROR];
