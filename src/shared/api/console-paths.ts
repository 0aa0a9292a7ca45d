/**
 * The compliance console's calls (beyond the spec; reviewers and administrators only), relative to
 * the API prefix. Kept out of ApiPath (paths.ts) so the user's first page, which carries ApiPath,
 * does not carry them (issue 32); src/server/contracts.test.ts joins every table. `:id` is a review
 * case id unless said otherwise. Records (issue 18, decision 018): four-eyes, the regulator's case
 * archive, administration.
 */
export const ConsolePath = {
  /** GET `${consoleDocument}/<id>`: the image, to a reviewer (compliance console). */
  consoleDocument: '/v1/console/document',
  consoleMe: '/v1/console/me',
  consoleCases: '/v1/console/cases',
  /** The reviewers' dashboard: pending counts and ages per kind (decision 030). */
  consoleWorkload: '/v1/console/workload',
  /** GET ?q=: users by e-mail, name, user id, case id or document number (decision 051). */
  consoleSearch: '/v1/console/search',
  /** GET: one user's cases, tasks, states and timeline (decision 051). `:id` is a user id. */
  consoleUser: '/v1/console/users/:id',
  /** Administrators: the sanctions/PEP list in use; POST a new version (multipart, `file`) (decision 026). */
  consoleScreeningList: '/v1/console/screening-list',
  /** GET / PUT: the withdrawal limits' versions (administrators; decision 040). */
  consoleLimits: '/v1/console/limits',
  /** GET / PUT: the fiat rates in force, set by an administrator (decision 040). */
  consoleRates: '/v1/console/rates',
  /** POST: read RATES_URL now. */
  consoleRatesRefresh: '/v1/console/rates/refresh',
  /** Administrators: screen the verified users the list in use has not screened yet. */
  consoleScreeningRescreen: '/v1/console/screening-list/rescreen',
  /** Administrators: the country risk lists in use (FATF); POST a new version (multipart, `file`) (decision 041). */
  consoleRiskLists: '/v1/console/risk-lists',
  /** Administrators: re-assess the verified users against the version in use (after an interrupted run). */
  consoleRiskListsReassess: '/v1/console/risk-lists/reassess',
  consoleCase: '/v1/console/cases/:id',
  consoleAssign: '/v1/console/cases/:id/assign',
  consoleRelease: '/v1/console/cases/:id/release',
  consoleApprove: '/v1/console/cases/:id/approve',
  consoleReject: '/v1/console/cases/:id/reject',
  consoleConfirm: '/v1/console/cases/:id/confirm',
  consoleSendBack: '/v1/console/cases/:id/send-back',
  /** Decision 022: a senior reviewer overrides a provider's decision. */
  consoleOverride: '/v1/console/cases/:id/override',
  /** GET: a ZIP archive of the case for a regulator (audited). */
  consoleCaseExport: '/v1/console/cases/:id/export',
  consoleStaff: '/v1/console/staff',
  consoleStaffRole: '/v1/console/staff/:id/role',
  consoleAuditVerify: '/v1/console/audit/verify',
  consoleRetention: '/v1/console/retention',
  /** POST: a reviewer asks a user to verify a document again (decision 017). */
  consoleReverificationRequests: '/v1/console/reverification-requests',
  /** POST: a reviewer puts a user into enhanced due diligence (decision 028). */
  consoleEddRequests: '/v1/console/edd-requests',
  /** POST: a reviewer gives a user a questionnaire to submit by a day. */
  consoleComplianceTasks: '/v1/console/compliance-tasks',
  /** Decision 052: reviewer message templates per reject reason (administrators edit them). */
  consoleReasonTemplates: '/v1/console/reason-templates',
  /** Decision 052: a reviewer cancels a task with a reason. */
  consoleCancelTask: '/v1/console/compliance-tasks/:id/cancel',
  /** POST: a reviewer asks a user a question or for a document. */
  consoleRfiRequests: '/v1/console/rfi-requests',
  // The account extras' console (issue 13, decision 025): reviewers; administrators where marked in the routes.
  consoleMember: '/v1/console/members/:id',
  consoleMemberLookup: '/v1/console/members',
  consoleMemberTag: '/v1/console/members/:id/tag',
  consoleMemberCustody: '/v1/console/members/:id/custody',
  consoleMemberVip: '/v1/console/members/:id/vip',
  consoleAnnouncements: '/v1/console/announcements',
  consoleAnnouncementWithdraw: '/v1/console/announcements/:id/withdraw',
  consoleAgreements: '/v1/console/agreements',
  consoleAffiliates: '/v1/console/affiliates',
} as const;
