/**
 * Where every table that holds a user's id stands in the user's data export and in erasure
 * (issue 30, decision 041). `coverage.test.ts` reads the live schema (SQLite and PostgreSQL) and
 * fails when a table with a `user_id` (or `…_user_id`) column is missing here, or is listed with
 * nothing: a new module that stores something about a user must say, here, what becomes of it.
 *
 * - `exported`: the section of the export (`shared/api/records.ts`) that carries it (checked);
 * - `erased`: what erasure (the user's request when nothing must be kept, or the retention job when
 *   the period ends) does to it;
 * - `retained`: why it stays as it is, and what it holds.
 */
export interface Coverage {
  exported?: string;
  erased?: string;
  retained?: string;
}

export const PERSONAL_DATA_COVERAGE: Readonly<Record<string, Coverage>> = {
  // --- accounts and sign-in
  users: { exported: 'account', erased: 'e-mail replaced, member tags cleared, password unusable (anonymiseAccount)' },
  sessions: { erased: 'deleted when the account closes' },
  email_confirmations: { erased: 'deleted when the account closes' },
  password_resets: { erased: 'deleted when the account closes (hashes of links valid for minutes)' },
  one_time_codes: { retained: 'hashes of short-lived codes (minutes), useless once expired; nothing the user gave' },
  staff_roles: { retained: 'console members (staff), not customers' },
  account_sites: { retained: 'the regional entity serving the account: which records the law keeps, and where; nothing the user gave' },
  kyc_info_stamps: { retained: 'a change counter per user for caches; no personal data' },

  // --- verification (KYC): the personal-info table (names, birth date, addresses; the mobile number is one of its columns) goes whole
  kyc_personal_info: { exported: 'personalInfo', erased: 'the row is deleted, every column with it' },
  kyc_applications: { exported: 'applications', erased: 'the submitted snapshot is blanked; level, status, dates stay for the decisions' },
  kyc_documents: { exported: 'documents', erased: 'deleted with their files and picture hashes (every kind: identity documents, questionnaire evidence, RFI pictures; decision 048)' },
  vendor_sessions: { retained: "the vendor's applicant id, linking to the records the vendor keeps under its own retention; nothing the user gave" },
  review_cases: { exported: 'decisions', erased: 'free text of decisions and proposals blanked', retained: 'outcome, reason, decider and times: the record of the decision' },
  erasure_requests: { exported: 'erasureRequests', retained: 'the proof of the erasure itself' },

  // --- in-house capture (decision 023)
  capture_handoffs: { exported: 'capture', erased: 'deleted (token and device hashes)' },
  capture_liveness: { exported: 'capture', erased: 'deleted with its frames (biometric erasure), or after BIOMETRIC_RETENTION_DAYS' },
  face_matches: { exported: 'faceMatches', erased: 'deleted (biometric erasure), or after BIOMETRIC_RETENTION_DAYS (decision 045)' },
  face_match_jobs: { erased: 'deleted with the face matches (biometric erasure); otherwise a pending comparison (ids and retry state), deleted when its result is stored' },

  // --- questionnaires, re-verification, compliance tasks, EDD (decision 031)
  questionnaire_answers: { exported: 'questionnaires', erased: 'answers and source address blanked; template, attempt, dates, outcome stay' },
  questionnaire_requirements: { retained: 'why a questionnaire was asked (a risk finding may be the cause: tipping-off); nothing the user gave' },
  reverification_requests: { exported: 'reverification', erased: "the reviewer's message blanked" },
  reverification_submissions: { exported: 'reverification', erased: 'document number and holder blanked' },
  compliance_tasks: { exported: 'compliance', erased: 'the message blanked (compliance port)' },
  rfi_requests: { exported: 'compliance', erased: 'question and answer texts blanked' },
  edd_rounds: { exported: 'eddRounds', retained: 'the triggers are the risk assessment (tipping-off) and copies of facts erased with the KYC records' },

  // --- screening and risk
  screening_jobs: { retained: 'a pending screening of a just-approved user (decision 038): ids and retry state only, deleted when the screening is recorded' },
  account_limitations: { retained: 'the limitation last published for the account (decision 061): codes and reasons the events carried, derived from records kept elsewhere; no personal data' },
  account_restrictions: { retained: 'what a compliance decision restricts while in force (the decision is the record; tipping-off: not exported); codes only, no personal data' },
  screening_subjects: { erased: 'deleted: without personal information there is nobody to screen (decision 063); the row holds only the user id and when level 1 was reached' },
  screening_states: { retained: 'the screening outcome restricting the account (tipping-off: not exported); no personal data' },
  screening_matches: { erased: 'the copy of the name and birth date blanked; hits and outcome stay', retained: 'not exported: tipping-off (decision 031)' },
  // --- events (decision 050)
  domain_events: { retained: 'the outbox: ids, statuses and reason codes of changes, never personal data; what partners and the exchange were told' },
  event_audiences: { retained: "which partner's applicant the user is (ids only): the partner keeps receiving the user's events, the erasure's included" },

  risk_decisions: { exported: 'riskDecisions', erased: 'request country, device id and facts blanked; scene, outcome, time stay' },

  // --- identity transfer, extras, partners
  identity_transfers: { exported: 'identityTransfers', retained: 'which account moved to which site and when; no personal data beyond the two accounts' },
  agreement_acceptances: { exported: 'accountExtras', erased: 'the address of acceptance blanked' },
  affiliate_bindings: { exported: 'accountExtras', erased: 'the address of binding blanked' },
  custody_accounts: { exported: 'accountExtras', retained: 'which custody entity holds the assets: needed while records are kept' },
  vip_invitations: { exported: 'accountExtras', retained: 'tier and date of an invitation; nothing the user gave' },
  kyc_announcement_acks: { exported: 'accountExtras', erased: 'the address of acknowledgement blanked' },
  member_tag_changes: { erased: "the reviewers' reasons blanked", retained: 'internal marks, not exported (decision 036)' },
  partner_applicants: { retained: "a partner business's own id for the user (pseudonymous), needed to answer the partner; nothing the user gave" },
  sdk_access_tokens: { retained: 'hashes of access tokens valid for minutes; nothing the user gave' },
};
