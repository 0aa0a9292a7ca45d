import type { Kysely } from 'kysely';

/**
 * Issue 15 (docs/decisions/024): the console queue stays fast at a million cases. Every queue
 * filter gets an index that also carries the queue's order (opened_at, id), so a filtered page is
 * read in order from the index and stops after the page, instead of scanning and sorting every
 * pending case (measured: 63 ms for country=DE at 100k cases, 7.5x the same page at 1k).
 * The unfiltered queue and the assignee filter already have theirs (004-review-steps).
 */
const QUEUE_FILTERS = ['country', 'provider', 'level'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of QUEUE_FILTERS) {
    await db.schema.createIndex(`review_cases_queue_${column}`).on('review_cases').columns(['status', column, 'opened_at', 'id']).execute();
  }
  // Unassigned / one reviewer's cases, in queue order (004's index stops at status).
  await db.schema.createIndex('review_cases_queue_assignee').on('review_cases').columns(['status', 'assignee_id', 'opened_at', 'id']).execute();
  // A kind of case in queue order (004's index leads with the kind and has no id to break ties).
  await db.schema.createIndex('review_cases_queue_kind').on('review_cases').columns(['status', 'subject_kind', 'opened_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of QUEUE_FILTERS) await db.schema.dropIndex(`review_cases_queue_${column}`).execute();
  await db.schema.dropIndex('review_cases_queue_assignee').execute();
  await db.schema.dropIndex('review_cases_queue_kind').execute();
}
