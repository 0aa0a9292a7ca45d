/**
 * Console roles (issue 18, docs/decisions/018). Every console member has one; each includes the
 * powers of the ones before it:
 * - reviewer: works the queue, takes cases, decides (or proposes, where four-eyes applies), exports;
 * - senior_reviewer: also confirms or sends back another reviewer's proposal;
 * - administrator: also manages the console members' roles and checks the audit trail.
 */
export const ConsoleRole = {
  REVIEWER: 'reviewer',
  SENIOR_REVIEWER: 'senior_reviewer',
  ADMINISTRATOR: 'administrator',
} as const;
export type ConsoleRole = (typeof ConsoleRole)[keyof typeof ConsoleRole];
export const CONSOLE_ROLES = Object.values(ConsoleRole);

const RANK: Record<ConsoleRole, number> = { reviewer: 1, senior_reviewer: 2, administrator: 3 };

/** True when `role` has the powers of `needed`. */
export function hasConsoleRole(role: ConsoleRole, needed: ConsoleRole): boolean {
  return RANK[role] >= RANK[needed];
}

export function isConsoleRole(value: string): value is ConsoleRole {
  return (CONSOLE_ROLES as string[]).includes(value);
}
