/**
 * The compliance reviewers of the browser tests: the demo reviewer (README) and a second one that
 * e2e/support/server.ts creates on the fresh database, for tests where two reviewers work together.
 */
export const REVIEWER = { email: 'reviewer@example.com', password: 'reviewer-password-1' } as const;
export const SECOND_REVIEWER = { email: 'reviewer-2@example.com', password: 'reviewer-2-password' } as const;

/** The second demo reviewer (README; seeded like the first, both senior reviewers): four-eyes needs two people (decision 018). */
export const REVIEWER_2 = { email: 'reviewer2@example.com', password: 'reviewer-password-2' } as const;

/** A reviewer of its own for the keyboard test (e2e/console-queue.spec.ts): its "My cases" holds only that test's cases. */
export const QUEUE_REVIEWER = { email: 'reviewer-3@example.com', password: 'reviewer-3-password' } as const;
