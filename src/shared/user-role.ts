/** Who an account is: a member, or a reviewer of the compliance console (decision 010). */
export const UserRole = {
  USER: 'user',
  REVIEWER: 'reviewer',
} as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];
