import type { ColumnType, Generated } from 'kysely';

/**
 * Table types. Portable across SQLite and PostgreSQL: ids are text (UUIDs), timestamps are ISO-8601
 * text in UTC (sortable as strings), booleans are integers 0/1, JSON is text.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  role: string;
  currency_code: string;
  sub_attribute: string;
  /** JSON object of member tags, e.g. {"KYC":"1"}. */
  member_tag: string;
  created_at: string;
  updated_at: string;
  /** When the owner opened the confirmation link; null: registered, not confirmed (cannot log in yet). */
  email_confirmed_at: string | null;
  /** When the account was disabled (migration 026: a demo account outside demo mode); null: enabled. */
  disabled_at: string | null;
}

/** A mailed confirmation link (migration 005): single use, expires; only the token's SHA-256 is stored. */
export interface EmailConfirmationsTable {
  token_hash: string;
  user_id: string;
  /** The password chosen by the registration that mailed this link; set on the account when used. */
  password_hash: string;
  created_at: string;
  expires_at: string;
}

/** A mailed password-reset link (migration 035): single use, about 30 minutes; only the token's SHA-256 is stored. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a database leak does not yield usable sessions. */
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditLogTable {
  id: string;
  at: string;
  actor_type: string;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  /** JSON snapshot before the change (null for creations). */
  before: string | null;
  /** JSON snapshot after the change (null for deletions). */
  after: string | null;
  ip: string | null;
  request_id: string | null;
  /** Hash chain (migration 008, decision 018): `<entity_type>:<entity_id>`, 1, 2, … within it. */
  // Optional on insert only in the types: a row written around recordAudit has none, and
  // verification reports it (UNCHAINED).
  stream: ColumnType<string, string | undefined, string>;
  seq: ColumnType<number, number | undefined, number>;
  /** The stream's previous entry's hash (64 zeros for the first). */
  prev_hash: ColumnType<string, string | undefined, string>;
  /** SHA-256 over the entry's fields and payload_digest (audit-chain.ts). */
  hash: ColumnType<string, string | undefined, string>;
  /** SHA-256 of before, after, ip and request_id as first written. */
  payload_digest: ColumnType<string, string | undefined, string>;
  /** Set when retention erased personal data from the payload (the digest then no longer matches it). */
  erased_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The last entry of each audit stream (migration 008): locked by appends, compared by verification. */
export interface AuditHeadsTable {
  stream: string;
  seq: number;
  hash: string;
}

/** A console member's role (migration 008): reviewer, senior_reviewer or administrator. */
export interface StaffRolesTable {
  user_id: string;
  role: string;
  updated_at: string;
}

/** The first look of a four-eyes decision (migration 008). */
export interface ReviewProposalsTable {
  id: string;
  case_id: string;
  proposer_id: string;
  outcome: string;
  mode: string | null;
  reason_code: string | null;
  user_message: string;
  internal_note: string;
  proposed_at: string;
  /** OPEN | CONFIRMED | SENT_BACK | SUPERSEDED */
  status: string;
  /** The case id while OPEN, else null (unique: one open proposal per case). */
  open_key: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  resolution_note: string;
  /** An override (migration 012): the decision this proposal would replace; null for a first decision. */
  supersedes_id: string | null;
  /** Every reason of a proposed rejection, JSON (migration 039); null when one. */
  reason_codes: string | null;
}

/** A user's request to close the account and erase their data, and what became of it (migration 008). */
export interface ErasureRequestsTable {
  id: string;
  user_id: string;
  requested_at: string;
  /** ERASED | RETAINED | REFUSED */
  outcome: string;
  reason: string | null;
  /** RETAINED: until when the law requires keeping the verification data. */
  keep_until: string | null;
  /** When the retention job erased what was retained. */
  erased_at: string | null;
}

/** A lease on a scheduled job: the server holding it runs the job (compare-and-set on lease_until). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: string;
}

/** What each retention run did (JSON counts, no personal data). */
export interface RetentionRunsTable {
  id: string;
  holder: string;
  started_at: string;
  finished_at: string;
  summary: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

/** An identity document image, encrypted at rest (migration 003, docs/decisions/006). */
export interface KycDocumentsTable {
  id: string;
  user_id: string;
  /** Null while the document is a draft; set once, when an application is submitted with it. */
  application_id: string | null;
  level: number;
  kind: string;
  mime: string;
  byte_size: number;
  width: number;
  height: number;
  /** SHA-256 hex of the stored plaintext. */
  sha256: string;
  /**
   * AES-256-GCM ciphertext (blob on SQLite, bytea on PostgreSQL); null when it lives in the
   * document store named by `content_store` (migration 017).
   */
  ciphertext: Uint8Array | null;
  /** base64 */
  iv: string;
  /** base64 */
  auth_tag: string;
  /** base64: the data key wrapped by master key `key_id`. */
  wrapped_key: string;
  key_id: string;
  created_at: string;
  /** Quality checks of the upload, JSON (migration 013); null for uploads before it. */
  quality: string | null;
  /** Where the ciphertext is (migration 017): null = in `ciphertext`, `file` or `s3` = that store, under the id. */
  content_store: string | null;
  /** 64-bit perceptual hash of the stored picture, 16 hex digits (migration 036); null before it. */
  picture_hash: string | null;
}

/** KYC personal information of a user (migration 002); editable until submitted. */
export interface KycPersonalInfoTable {
  user_id: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  /** YYYY-MM-DD */
  date_of_birth: string;
  nationality: string;
  residence_country: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state_region: string;
  postal_code: string;
  /** Migration 030: the mobile number's country (ISO code; '' with no number) and its digits (§5), '' when not given. */
  mobile_country: string;
  mobile_number: string;
  created_at: string;
  updated_at: string;
}

/**
 * One status per subject, machine and step (migration 004; docs/decisions/014): written only by the
 * steps module's applyEvent. KYC levels are machine `kyc_level`, subject = user id, step = "1" | "2".
 */
export interface StepStatesTable {
  machine: string;
  subject_id: string;
  step: string;
  status: string;
  updated_at: string;
}

/** An application sent for review (in-house provider). */
export interface KycApplicationsTable {
  id: string;
  user_id: string;
  level: number;
  provider: string;
  /** Issuing country (level 1) or residence country (level 2). */
  country: string;
  /** Identity document type (level 1) or proof-of-address type (level 2). */
  document_type: string;
  /** PENDING | APPROVED | REJECTED */
  status: string;
  /** "<user_id>:<level>" while pending, else null (unique: one pending application per level). */
  pending_key: string | null;
  /** JSON: what was submitted (personal information, document or proof-of-address details). */
  submitted: string;
  submitted_at: string;
  decided_at: string | null;
  /** JSON list of every rejection reason (a vendor gives several; migration 006), or null. */
  reason_codes: string | null;
}

/** A session started with a verification vendor (migration 006; docs/decisions/016). */
export interface VendorSessionsTable {
  id: string;
  user_id: string;
  level: number;
  provider: string;
  /** The vendor's applicant / workflow-run id that its webhooks name. */
  external_id: string;
  created_at: string;
  /** When the newest applied event happened (vendor's time, ISO); an older event changes nothing. */
  last_event_at: string | null;
  /** The application the vendor's submission became (null until the vendor reports one). */
  application_id: string | null;
  /** VERIFICATION (first verification of the level) or REVERIFICATION (an update; migration 019). */
  purpose: string;
  /** REVERIFICATION: the request the update answers. */
  reverification_request_id: string | null;
  /** REVERIFICATION: the update the vendor's submission became (null until it reports one). */
  reverification_submission_id: string | null;
}

/** Each accepted webhook delivery once (migration 006). */
export interface VendorWebhookEventsTable {
  provider: string;
  event_id: string;
  type: string;
  external_id: string;
  /** applied | stale | ignored | unknown_applicant */
  result: string;
  received_at: string;
}

/**
 * Anything a reviewer or a provider decides (migration 004): one case per subject (a KYC application
 * now; re-verifications, questionnaires, EDD, RFIs, transfers, tasks later). `level`, `country` and
 * `provider` are the subject's facts the queue filters on, copied when the case opens.
 */
export interface ReviewCasesTable {
  id: string;
  subject_kind: string;
  subject_id: string;
  user_id: string;
  /** PENDING | APPROVED | REJECTED */
  status: string;
  assignee_id: string | null;
  level: number | null;
  country: string;
  provider: string;
  opened_at: string;
  decided_at: string | null;
}

/**
 * A decision on a case: by a reviewer, a provider (webhook) or the system. A case has one current
 * decision; a senior reviewer's override is a new one that supersedes it (migration 012, decision 022).
 */
export interface ReviewDecisionsTable {
  id: string;
  case_id: string;
  /** reviewer | provider | system */
  actor_type: string;
  /** The reviewer's user id, the provider's name (PROVIDER_SUMSUB), or null for the system. */
  actor_id: string | null;
  /** APPROVE | REJECT */
  outcome: string;
  /** RETRY | FINAL for rejections */
  mode: string | null;
  reason_code: string | null;
  user_message: string;
  /** Never returned by any user endpoint. */
  internal_note: string;
  created_at: string;
  /** Four-eyes: the senior reviewer who confirmed the proposal of `actor_id` (migration 008). */
  confirmed_by: string | null;
  /** The decision this one overrides (unique), or null. */
  supersedes_id: string | null;
  /** The case id while this is the case's current decision, else null (unique: one current per case). */
  current_key: string | null;
  /** JSON list of every reason (a vendor gives several), or null: just `reason_code`. */
  reason_codes: string | null;
}

/** A compliance task (migration 021, decision 027). */
export interface ComplianceTasksTable {
  id: string;
  user_id: string;
  /** ComplianceTaskType */
  task_type: string;
  /** The regulated site the task is for ('' = the main one). */
  region: string;
  /** What the task is about: the RFI round's id, or a questionnaire's template code. */
  subject_id: string;
  message: string;
  /** YYYY-MM-DD (UTC): overdue from the next day on while still OPEN. */
  due_date: string;
  /** OPEN | DONE | CANCELLED */
  status: string;
  /** `user:type:subject` while open, else null. */
  open_key: string | null;
  created_by: string | null;
  created_at: string;
  completed_at: string | null;
  /** Why a reviewer cancelled the task (shown to the user; migration 039); null otherwise. */
  cancel_reason: string | null;
  /** When the limitation sweep published it overdue (migration 045); null until then or after its due date moved. */
  overdue_noticed_at?: string | null;
}

/** A decision that restricts the account, one per user and source while in force (migration 039, decision 052). */
export interface AccountRestrictionsTable {
  user_id: string;
  /** RestrictionSource: EDD | SCREENING */
  source: string;
  /** The kyc-info limitation it brings. */
  limitation: string;
  /** limitationInfo.reasons entry. */
  reason: string;
  /** What the user can do about it (LimitationAction). */
  action: string;
  case_id: string | null;
  set_by: string | null;
  set_at: string;
}

/** An administrator's message template for a reject reason in one language (migration 039, decision 052). */
export interface ReasonTemplatesTable {
  reason_code: string;
  language: string;
  text: string;
  updated_by: string | null;
  updated_at: string;
}

/** One round of a request for information (migration 021, decision 027). */
export interface RfiRequestsTable {
  id: string;
  user_id: string;
  task_id: string;
  round: number;
  question: string;
  /** 1: the reviewer asks for a document (a picture is required in the answer). */
  document_requested: number;
  /** RfiStatus */
  status: string;
  answer_text: string;
  /** JSON list of document ids. */
  answer_documents: string;
  asked_by: string | null;
  asked_at: string;
  answered_at: string | null;
  decided_at: string | null;
}

/** A request to verify a document again (migration 009, decision 017). */
export interface ReverificationRequestsTable {
  id: string;
  user_id: string;
  /** POI | POA */
  target: string;
  reason: string;
  message: string;
  /** YYYY-MM-DD (UTC) */
  deadline: string;
  /** OPEN | CLOSED */
  status: string;
  /** `user:target` while open, null once closed (one open request per target). */
  open_key: string | null;
  requested_by: string | null;
  requested_at: string;
  closed_at: string | null;
}

/** A user's update of a document (the subject of a REVERIFICATION review case). */
export interface ReverificationSubmissionsTable {
  id: string;
  request_id: string;
  user_id: string;
  target: string;
  provider: string;
  country: string;
  document_type: string;
  /** POI: the number printed on the document; POA: ''. */
  document_number: string;
  /** POI: YYYY-MM-DD; POA: ''. */
  expiry_date: string;
  /** POA: YYYY-MM-DD; POI: ''. */
  issued_on: string;
  /** POI: JSON {firstName, lastName, dateOfBirth} as printed; POA: null. */
  holder: string | null;
  /** PENDING | APPROVED | REJECTED */
  status: string;
  pending_key: string | null;
  submitted_at: string;
  decided_at: string | null;
}

/** The regulated site serving an account when it is not the main one. */
export interface AccountSitesTable {
  user_id: string;
  site: string;
  assigned_at: string;
  eu_poi_reset_at: string | null;
}

/** E-mailed one-time codes (scrypt-free SHA-256: six digits live minutes and allow few attempts). */
export interface OneTimeCodesTable {
  user_id: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
}

/** An identity transfer between two accounts (migration 023, decision 029); its phase is in step_states. */
export interface IdentityTransfersTable {
  id: string;
  source_user_id: string;
  target_user_id: string;
  source_site: string;
  target_site: string;
  level: number;
  open_source: string | null;
  open_target: string | null;
  /** JSON array of rule codes. */
  review_rules: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** One risk intercept evaluation (migration 023, decision 029). */
export interface RiskDecisionsTable {
  id: string;
  user_id: string | null;
  guid: string | null;
  scene: string;
  country: string;
  decision: string;
  rule: string | null;
  step_code: number | null;
  /** JSON: the facts the rules saw. */
  facts: string;
  created_at: string;
}

/** Agreement texts per product and version (migration 015, decision 025). */
export interface AgreementVersionsTable {
  product: string;
  version: number;
  title: string;
  body: string;
  published_at: string;
  published_by: string | null;
}

/** A user's acceptance of one agreement version, with when and from which IP. */
export interface AgreementAcceptancesTable {
  id: string;
  user_id: string;
  product: string;
  version: number;
  accepted_at: string;
  ip: string | null;
}

/** A user's custody arrangement (no row: CUSTODY_UNSPECIFIED) and their move to the EU entity. */
export interface CustodyAccountsTable {
  user_id: string;
  custody: string;
  entity: string;
  since: string;
  /** NONE | OFFERED | COMPLETED */
  eu_migration: string;
  eu_migrated_at: string | null;
  updated_at: string;
}

export interface AffiliatesTable {
  code: string;
  name: string;
  active: number;
  created_at: string;
}

/** One per user, for good. */
export interface AffiliateBindingsTable {
  user_id: string;
  aff_code: string;
  bound_at: string;
  ip: string | null;
}

export interface VipInvitationsTable {
  user_id: string;
  bus_type: string;
  tier: string;
  invited_at: string;
  invited_by: string | null;
}

export interface KycAnnouncementsTable {
  id: string;
  title: string;
  body: string;
  audience: string;
  published_at: string;
  published_by: string | null;
  withdrawn_at: string | null;
  /** Title and body in other languages, JSON (migration 040); null when written in one language only. */
  translations: string | null;
}

export interface KycAnnouncementAcksTable {
  announcement_id: string;
  user_id: string;
  acknowledged_at: string;
  ip: string | null;
}

export interface MigrationMarker {
  seq: Generated<number>;
}

/** A partner (issue 14, migration 011): JSON lists are text. */
export interface PartnerBusinessesTable {
  id: string;
  name: string;
  allowed_origins: string;
  scenes: string;
  redirect_allowlist: string;
  default_language: string;
  /** ACTIVE | DISABLED */
  status: string;
  created_at: string;
  updated_at: string;
}

/** What a user answered, one row per attempt (migration 010, decision 020). */
export interface QuestionnaireAnswersTable {
  id: string;
  user_id: string;
  template_code: string;
  template_version: number;
  scene_code: string;
  biz_from: string;
  attempt: number;
  /** JSON object: question id -> answer. */
  answers: string;
  submitted_at: string | null;
  decided_at: string | null;
  outcome: string | null;
  /** 0/1: a final rejection (no new version). */
  closed: number;
  /** JSON: score, pass, wrong answers, risk profile. */
  result: string | null;
  retry_after: string | null;
  submitted_ip: string | null;
  created_at: string;
  updated_at: string;
}

/** A partner's API secret, sealed (envelope encryption, context `partner_secret:<id>`). */
export interface PartnerSecretsTable {
  id: string;
  business_id: string;
  ciphertext: string;
  iv: string;
  auth_tag: string;
  wrapped_key: string;
  key_id: string;
  created_at: string;
  /** When a newer secret replaced it; null: the current secret. */
  retired_at: string | null;
  /** A retired secret still verifies until then (rotation overlap). */
  valid_until: string | null;
}

export interface PartnerSignaturesTable {
  business_id: string;
  signature: string;
  expires_at: string;
}

export interface PartnerApplicantsTable {
  business_id: string;
  external_user_id: string;
  user_id: string;
  created_at: string;
}

export interface SdkAccessTokensTable {
  token_hash: string;
  business_id: string;
  scene: string;
  origin: string;
  user_id: string;
  level: number;
  language: string | null;
  redirect_url: string | null;
  is_update_poi: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/**
 * A change stamp per user ('*': what every user's kyc-info reads), bumped by triggers on every table
 * kyc-info reads (migration 024, decision 024's eighth change). bigint on PostgreSQL: read as text.
 */
export interface KycInfoStampsTable {
  user_id: string;
  stamp: number | string;
}

/** An event that makes a template due for a user (migration 010). */
export interface QuestionnaireRequirementsTable {
  user_id: string;
  template_code: string;
  cause: string;
  detail: string;
  created_at: string;
}

/** A member tag change that lowers a duty, awaiting or past its second look (decision 036, migration 025). */
export interface MemberTagChangesTable {
  id: string;
  user_id: string;
  tag_name: string;
  value: string;
  previous_value: string | null;
  reason: string;
  requested_by: string;
  requested_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_confirmations: EmailConfirmationsTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  audit_heads: AuditHeadsTable;
  staff_roles: StaffRolesTable;
  review_proposals: ReviewProposalsTable;
  erasure_requests: ErasureRequestsTable;
  job_leases: JobLeasesTable;
  retention_runs: RetentionRunsTable;
  rate_limits: RateLimitsTable;
  kyc_personal_info: KycPersonalInfoTable;
  withdrawal_limit_versions: WithdrawalLimitVersionsTable;
  fiat_rates: FiatRatesTable;
  step_states: StepStatesTable;
  kyc_applications: KycApplicationsTable;
  review_cases: ReviewCasesTable;
  review_decisions: ReviewDecisionsTable;
  kyc_documents: KycDocumentsTable;
  vendor_sessions: VendorSessionsTable;
  vendor_webhook_events: VendorWebhookEventsTable;
  reverification_requests: ReverificationRequestsTable;
  compliance_tasks: ComplianceTasksTable;
  account_restrictions: AccountRestrictionsTable;
  reason_templates: ReasonTemplatesTable;
  rfi_requests: RfiRequestsTable;
  reverification_submissions: ReverificationSubmissionsTable;
  account_sites: AccountSitesTable;
  one_time_codes: OneTimeCodesTable;
  identity_transfers: IdentityTransfersTable;
  risk_decisions: RiskDecisionsTable;
  partner_businesses: PartnerBusinessesTable;
  partner_secrets: PartnerSecretsTable;
  partner_signatures: PartnerSignaturesTable;
  partner_applicants: PartnerApplicantsTable;
  sdk_access_tokens: SdkAccessTokensTable;
  capture_handoffs: CaptureHandoffsTable;
  capture_liveness: CaptureLivenessTable;
  face_match_jobs: FaceMatchJobsTable;
  face_matches: FaceMatchesTable;
  questionnaire_answers: QuestionnaireAnswersTable;
  questionnaire_requirements: QuestionnaireRequirementsTable;
  agreement_versions: AgreementVersionsTable;
  agreement_acceptances: AgreementAcceptancesTable;
  custody_accounts: CustodyAccountsTable;
  affiliates: AffiliatesTable;
  affiliate_bindings: AffiliateBindingsTable;
  vip_invitations: VipInvitationsTable;
  member_tag_changes: MemberTagChangesTable;
  kyc_announcements: KycAnnouncementsTable;
  kyc_announcement_acks: KycAnnouncementAcksTable;
  capture_liveness_frames: CaptureLivenessFramesTable;
  screening_lists: ScreeningListsTable;
  screening_entries: ScreeningEntriesTable;
  screening_states: ScreeningStatesTable;
  screening_matches: ScreeningMatchesTable;
  screening_jobs: ScreeningJobsTable;
  screening_rescreens: ScreeningRescreensTable;
  screening_subjects: ScreeningSubjectsTable;
  edd_rounds: EddRoundsTable;
  kyc_info_stamps: KycInfoStampsTable;
  risk_lists: RiskListsTable;
  domain_events: DomainEventsTable;
  event_audiences: EventAudiencesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  events_feed_keys: EventsFeedKeysTable;
  event_subscribers: EventSubscribersTable;
  event_subscriber_claims: EventSubscriberClaimsTable;
  account_limitations: AccountLimitationsTable;
}

/** Per user, the limitation last published and the parts it combines (migration 045, decision 061). */
export interface AccountLimitationsTable {
  user_id: string;
  limitation: string;
  /** JSON string[]: the reasons last published. */
  reasons: string;
  /** The restrictions' part, as their last set/lift left it. */
  restricted_limitation: string;
  restricted_reasons: string;
  /** Re-verification's and compliance tasks' part, as the sweep last computed it. */
  deadline_limitation: string;
  deadline_reasons: string;
  /** Compare-and-set: every write increments it. */
  version: number;
  changed_at: string;
}

/** The outbox (migration 037, decision 050): one row per domain event, written with its change. */
export interface DomainEventsTable {
  /** The order written (assigned by the database). */
  seq: Generated<number>;
  /** The feed's order and cursor, given after the commit by the relay's sequencer (null until then). */
  position: number | null;
  /** The event's id: `webhook-id` of every delivery of it. */
  id: string;
  type: string;
  version: number;
  user_id: string | null;
  /** The partner whose applicant the user is; null for the exchange's own users. */
  business_id: string | null;
  /** 1: only exchange-wide endpoints and feeds receive it (AML screening: never a partner's). */
  exchange_only: number;
  /** The payload (JSON): ids, statuses, reasons; never personal data. */
  data: string;
  created_at: string;
  /** Who made the change (migration 042): subscribers act in their name; never sent out. */
  actor_type: string | null;
  actor_id: string | null;
}

/** An in-process subscriber of the outbox (migration 042, decision 057): its cursor, lease and retry state. */
export interface EventSubscribersTable {
  name: string;
  /** The last event position it handled (or passed over). */
  cursor: number;
  /** The server handling it now (another takes it only after that). */
  lease_until: string | null;
  /** Failed attempts at the event after `cursor`. */
  attempts: number;
  /** When that event may be tried again (null: now). */
  due_at: string | null;
  last_error: string | null;
  updated_at: string;
}

/** An effect a subscriber did for an event, done at most once (migration 042): an e-mail. */
export interface EventSubscriberClaimsTable {
  subscriber: string;
  event_id: string;
  claimed_at: string;
}

/** Which business a user belongs to, for the events' audience (migration 037). */
export interface EventAudiencesTable {
  user_id: string;
  business_id: string;
}

/** A key of the exchange-wide events feed (migration 041): only its SHA-256 is kept; revoked ones stay for the audit trail. */
export interface EventsFeedKeysTable {
  id: string;
  /** What it is for (the administrator's words: "withdrawal service"). */
  name: string;
  /** Lowercase hex SHA-256 of the key's secret part. */
  key_hash: string;
  created_by: string | null;
  created_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  last_used_at: string | null;
}

/** A webhook endpoint (migration 037): exchange-wide (business_id null) or one business's. */
export interface WebhookEndpointsTable {
  id: string;
  business_id: string | null;
  url: string;
  /** JSON list of event types, or ["*"]. */
  event_types: string;
  /** ENABLED | DISABLED */
  status: string;
  disabled_reason: string | null;
  /** The last event position fanned out into deliveries for this endpoint. */
  cursor_seq: number;
  /** Since when every attempt failed (null after a success). */
  failing_since: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** An endpoint's signing secret, sealed (migration 037); a rotated one signs too until valid_until. */
export interface WebhookSecretsTable {
  id: string;
  endpoint_id: string;
  ciphertext: string;
  iv: string;
  auth_tag: string;
  wrapped_key: string;
  key_id: string;
  created_at: string;
  /** null: the current secret; else the end of its overlap. */
  valid_until: string | null;
}

/** One event to one endpoint (migration 037): PENDING until DELIVERED, or DEAD after the last retry. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  /** The event's position. */
  event_seq: number;
  event_id: string;
  /** Deliveries with the same key go out in position order (the user's id; the event id when it has none). */
  order_key: string;
  status: string;
  attempts: number;
  /** When it may next be tried (its retry time). */
  due_at: string;
  /** The lease of the relay sending it now (another relay takes it only after that). */
  lease_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** The delivery log (migration 037): one row per attempt. */
export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  endpoint_id: string;
  event_id: string;
  attempt: number;
  at: string;
  http_status: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

/** "Continue on your phone" links (migration 013, decision 023); secrets only as SHA-256. */
export interface CaptureHandoffsTable {
  id: string;
  user_id: string;
  level: number;
  step: string;
  token_hash: string;
  device_hash: string | null;
  status: string;
  created_at: string;
  expires_at: string;
  opened_at: string | null;
  session_expires_at: string | null;
  finished_at: string | null;
  uploads: string;
  /** A REMAINING link's plan, JSON kinds in order (migration 043); null for one-step links. */
  kinds: string | null;
  document_type: string | null;
}

/** A liveness challenge and its outcome (migration 013, decision 023). */
export interface CaptureLivenessTable {
  id: string;
  user_id: string;
  level: number;
  sequence: string;
  status: string;
  created_at: string;
  expires_at: string;
  finished_at: string | null;
  result: string | null;
  document_id: string | null;
  /** What the server's face model found in the pictures (JSON, migration 029, decision 039). */
  analysis: string | null;
  /** The face match with the document's portrait, 0–100 (null: none computed). */
  face_match_score: number | null;
}

/** A (user, level) whose selfie and document front are to be compared after an upload (migration 032, decision 045). */
export interface FaceMatchJobsTable {
  user_id: string;
  level: number;
  attempts: number;
  last_error: string | null;
  created_at: string;
  /** When a runner may take it next (its lease, or its retry). */
  due_at: string;
}

/** The server's face match of one selfie picture with one document front (migration 032, decision 045). */
export interface FaceMatchesTable {
  id: string;
  user_id: string;
  level: number;
  selfie_document_id: string;
  front_document_id: string;
  /** 0–100; null with `missing`. */
  score: number | null;
  distance: number | null;
  /** MATCH | REVIEW | MISMATCH; null with `missing`. */
  band: string | null;
  /** Why there is no score: NO_FACE_ON_DOCUMENT | NO_FACE_ON_SELFIE. */
  missing: string | null;
  model: string;
  match_max: number;
  review_max: number;
  /** The model's time for the two pictures. */
  ms: number;
  computed_at: string;
}

/** A liveness challenge's frames for the reviewer, sealed like documents (migration 016, decision 023). */
export interface CaptureLivenessFramesTable {
  id: string;
  liveness_id: string;
  position: number;
  label: string;
  width: number;
  height: number;
  sha256: string;
  ciphertext: Uint8Array;
  iv: string;
  auth_tag: string;
  wrapped_key: string;
  key_id: string;
  created_at: string;
}

/** A loaded country risk list file (migration 031, decision 041); the highest version is in use. */
export interface RiskListsTable {
  version: number;
  file_name: string;
  sha256: string;
  /** The validated file (JSON). */
  document: string;
  /** The oldest publication date of its lists (YYYY-MM-DD). */
  published_on: string;
  /** The administrator's user id; null from the command line or at first start. */
  loaded_by: string | null;
  loaded_at: string;
  /** When the re-assessment of verified users against it finished; null while not. */
  reassessed_at: string | null;
  entered_edd: number | null;
}

/** A loaded sanctions/PEP list version (migration 020, decision 026); the highest is in use. */
export interface ScreeningListsTable {
  version: number;
  /** The file's name as loaded. */
  source: string;
  sha256: string;
  entry_count: number;
  /** The administrator's user id; null from the command line or seeding. */
  loaded_by: string | null;
  loaded_at: string;
}

/** A person of the list in use; list values are JSON arrays. */
export interface ScreeningEntriesTable {
  list_version: number;
  id: string;
  name: string;
  aliases: string;
  birth_dates: string;
  countries: string;
  sanctions: string;
  dataset: string;
  last_change: string;
}

/** A user to screen after a commit (migration 028, decision 038). */
export interface ScreeningJobsTable {
  user_id: string;
  /** LEVEL_APPROVED | LIST_CHANGE */
  trigger: string;
  actor_type: string;
  actor_id: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  due_at: string;
}

/** The background re-screening of a list version (migration 034, decision 044). */
export interface ScreeningRescreensTable {
  list_version: number;
  actor_type: string;
  actor_id: string | null;
  created_at: string;
  holder: string | null;
  lease_until: string | null;
  run_started_at: string | null;
  run_screened: number;
  screened: number;
  matches: number;
  updated_at: string | null;
  finished_at: string | null;
}

/** A user's latest screening outcome. */
export interface ScreeningStatesTable {
  user_id: string;
  /** CLEAR | POTENTIAL_MATCH | FALSE_POSITIVE | TRUE_MATCH */
  status: string;
  list_version: number;
  screened_at: string;
}

/**
 * Screening's read model of whom it screens (migration 046, decision 063): a verified user (level 1
 * reached) with a name to screen, kept from the level events and the erasure.
 */
export interface ScreeningSubjectsTable {
  user_id: string;
  /** When level 1 was reached (its step's last change). */
  verified_at: string;
}

/** A potential match, the subject of a SCREENING review case; `hits` is JSON (entry copies with scores). */
export interface ScreeningMatchesTable {
  id: string;
  user_id: string;
  list_version: number;
  /** LEVEL_APPROVED | LIST_CHANGE: what screened the user. */
  trigger: string;
  our_name: string;
  our_birth_date: string;
  hits: string;
  /** PENDING | CLEARED | CONFIRMED */
  status: string;
  pending_key: string | null;
  created_at: string;
  decided_at: string | null;
}

/** A round of enhanced due diligence (migration 022, decision 028); its status is in step_states (machine `edd`). */
export interface EddRoundsTable {
  id: string;
  user_id: string;
  /** JSON: the rules that put the user into this round, with the facts they read. */
  triggers: string;
  /** JSON: template code -> the questionnaire attempt (request id) answered for this round. */
  answers: string;
  /** The user id while the round is not decided (one open round per user), else null. */
  open_key: string | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  decided_at: string | null;
  /** EDDStatus_Pass or EDDStatus_Reject once decided. */
  outcome: string | null;
}

/** Migration 030 (decision 040): every version of the withdrawal limits; the highest is in force. */
export interface WithdrawalLimitVersionsTable {
  version: number;
  /** 'file' (LIMITS_FILE at start) | 'console' (an administrator). */
  source: string;
  /** The limits document (JSON, shared/api/limits.ts). */
  document: string;
  sha256: string;
  note: string;
  created_by: string | null;
  created_at: string;
}

/** Migration 030 (decision 040): rate sets from RATES_URL or an administrator; the newest stored is in force. */
export interface FiatRatesTable {
  id: string;
  /** 'url' | 'console'. */
  source: string;
  base: string;
  /** JSON object currency -> decimal string. */
  rates: string;
  /** When the source published them (ISO 8601). */
  rates_time: string;
  stored_by: string | null;
  stored_at: string;
}
