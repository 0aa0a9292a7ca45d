/**
 * How long a review usually takes, as the account area tells people after they submit and while
 * they wait ("usually within 24 hours"). One number for every language; a deployment whose
 * compliance team works to another target changes it here. Keep it honest: it is a promise users
 * plan around, so set it to what the team actually meets, not what it hopes for.
 */
export const USUAL_REVIEW_HOURS = 24;

/**
 * Level 2: a bank statement or utility bill at most this many months old. Defined here, free of
 * schemas, so pages that only quote it (the help centre) need not load zod; api/kyc.ts re-exports it.
 */
export const PROOF_OF_ADDRESS_MAX_AGE_MONTHS = 3;
