/**
 * limitationInfo.reasons entries of compliance tasks: which kind of task is overdue. Free of schemas,
 * so the KYC overview the personal page paints first need not load zod (issue 15);
 * api/compliance-tasks.ts re-exports it.
 */
export const COMPLIANCE_TASK_REASON_PREFIX = 'COMPLIANCE_TASK_';
