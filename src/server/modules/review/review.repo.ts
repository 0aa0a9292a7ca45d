import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/index.ts';
import type { Database, ReviewCasesTable, ReviewDecisionsTable, ReviewProposalsTable } from '../../db/schema.ts';
import type { QueueCursor } from '../../../shared/api/queue-cursor.ts';
import { QueueSort } from '../../../shared/review.ts';

type Q = Kysely<Database>;
export type CaseRow = ReviewCasesTable;
export type DecisionRow = ReviewDecisionsTable;
export type ProposalRow = ReviewProposalsTable;

export async function insertCase(db: Q, row: CaseRow): Promise<void> {
  await db.insertInto('review_cases').values(row).execute();
}

/** One case; on PostgreSQL locked until the transaction ends (decide and assign serialise on it). */
export function findCase(db: Q, id: string, opts: { lock?: boolean } = {}) {
  return db
    .selectFrom('review_cases')
    .selectAll()
    .where('id', '=', id)
    .$if(opts.lock === true && isPostgres(db as unknown as Kysely<unknown>), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export function findCaseBySubject(db: Q, kind: string, subjectId: string) {
  return db.selectFrom('review_cases').select('id').where('subject_kind', '=', kind).where('subject_id', '=', subjectId).executeTakeFirst();
}

export function findCasesBySubjects(db: Q, kind: string, subjectIds: readonly string[]) {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('review_cases').selectAll().where('subject_kind', '=', kind).where('subject_id', 'in', subjectIds).execute();
}

/** Compare-and-set PENDING -> decided. Returns the rows changed (0 or 1). */
export async function closeCase(db: Q, id: string, status: string, at: string, assigneeId: string | null): Promise<number> {
  const r = await db
    .updateTable('review_cases')
    .set({ status, decided_at: at, assignee_id: assigneeId })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Compare-and-set of the assignee: only while pending and only from `from`. Returns the rows changed. */
export async function setAssignee(db: Q, id: string, from: string | null, to: string | null): Promise<number> {
  const r = await db
    .updateTable('review_cases')
    .set({ assignee_id: to })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('assignee_id', from === null ? 'is' : '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function insertDecision(db: Q, row: DecisionRow): Promise<void> {
  await db.insertInto('review_decisions').values(row).execute();
}

/** The current decision of each given case (one per case: `current_key`). */
export function findDecisions(db: Q, caseIds: readonly string[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('review_decisions').selectAll().where('current_key', 'in', caseIds).execute();
}

/** Every decision of the given cases, overridden ones included, oldest first. */
export function findDecisionHistory(db: Q, caseIds: readonly string[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('review_decisions').selectAll().where('case_id', 'in', caseIds).orderBy('created_at').orderBy('id').execute();
}

export function findCurrentDecision(db: Q, caseId: string) {
  return db.selectFrom('review_decisions').selectAll().where('current_key', '=', caseId).executeTakeFirst();
}

/** Compare-and-set: the decision stops being current (an override replaces it). Returns the rows changed. */
export async function retireDecision(db: Q, id: string): Promise<number> {
  const r = await db.updateTable('review_decisions').set({ current_key: null }).where('id', '=', id).where('current_key', 'is not', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Compare-and-set of a decided case's outcome (an override): only from `from`. Returns the rows changed. */
export async function redecideCase(db: Q, id: string, from: string, to: string, at: string, assigneeId: string | null): Promise<number> {
  const r = await db.updateTable('review_cases').set({ status: to, decided_at: at, assignee_id: assigneeId }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export interface QueueFilter {
  status: string;
  kind?: string;
  level?: number;
  country?: string;
  provider?: string;
  /** null: unassigned cases only; a user id: that reviewer's; undefined: anyone's. */
  assigneeId?: string | null;
  /** Only cases with an OPEN proposal (awaiting a second look). */
  awaitingSecondLook?: boolean;
  limit: number;
  /** Where the page starts: next to a row (keyset) or at a position (the first page, an old link). */
  start: QueueCursor;
  /** The page's number, for the total only (the rows before a keyset page are not counted). */
  page: number;
  /** The order (decision 051); absent or `waiting`: the queue's own (keyset-paged). */
  sort?: QueueSort;
}

/** The column each of the queue's other orders sorts by first (then by waiting time). */
const SORT_COLUMN = { level: 'level', country: 'country', kind: 'subject_kind' } as const;

/**
 * How far past the page the queue counts. An exact count over a million pending cases on every page
 * was the queue's slowest part (issue 15): it reads every matching row. Counting stops this many
 * rows after the page, so the cost follows the page's position, like the page itself; beyond it the
 * total is a lower bound ("1,020+ cases") and paging goes on.
 */
export const QUEUE_COUNT_WINDOW = 1000;

/**
 * Pending cases oldest first (a fair queue), decided ones newest first; with the total for paging,
 * exact up to QUEUE_COUNT_WINDOW rows past the page and a lower bound (`totalIsLowerBound`) above.
 *
 * Keyset paging (issue 15): a page after (or before) a row reads the index from that row on —
 * `(sort, id) > (k, id)` — so page 5,000 costs what page 1 costs; OFFSET read and dropped every row
 * before it. The second-look list is ordered by a column its pending cases lack (decided_at), so it
 * keeps positions; it holds a few open proposals.
 */
export async function findQueue(db: Q, f: QueueFilter) {
  let base = db.selectFrom('review_cases');
  if (f.kind !== undefined) base = base.where('subject_kind', '=', f.kind);
  if (f.level !== undefined) base = base.where('level', '=', f.level);
  if (f.country !== undefined) base = base.where('country', '=', f.country);
  if (f.provider !== undefined) base = base.where('provider', '=', f.provider);
  if (f.assigneeId === null) base = base.where('assignee_id', 'is', null);
  else if (f.assigneeId !== undefined) base = base.where('assignee_id', '=', f.assigneeId);
  // An override's proposal (decision 022) waits on a decided case: "awaiting a second look" lists
  // every case with an open proposal, whatever its status.
  if (f.awaitingSecondLook) base = base.where('id', 'in', db.selectFrom('review_proposals').select('case_id').where('status', '=', 'OPEN'));
  else base = base.where('status', '=', f.status);
  const pending = f.status === 'PENDING';
  const column = pending ? 'opened_at' : 'decided_at';
  const keyOf = (row: CaseRow) => (pending ? row.opened_at : row.decided_at);
  // Decision 051: the other orders page by position, like the second-look list. Each reads the
  // (status, <column>, opened_at, id) index of migration 014 where the dialect can; their reviewers
  // look at the first pages, and the default order keeps keyset paging for the deep ones.
  const sort = f.sort ?? QueueSort.WAITING;
  const reversed = sort.startsWith('-');
  const sortKey = (reversed ? sort.slice(1) : sort) as 'waiting' | keyof typeof SORT_COLUMN;
  const keysetList = !f.awaitingSecondLook && sort === QueueSort.WAITING;
  // From a row (a cursor of this list), or from a position: the first page, an old link with a page number.
  const from = keysetList && f.start.kind !== 'offset' ? f.start : null;
  const offset = f.start.kind === 'offset' ? f.start.offset : 0;
  // Reading backwards (the page before a row): the other direction, then the rows turned round.
  const backwards = from?.kind === 'before';
  const direction = pending !== backwards !== reversed ? 'asc' : 'desc';
  let pageQuery = base.selectAll();
  // Rows strictly past the cursor's row in the direction read.
  if (from) pageQuery = pageQuery.where((eb) => eb(eb.refTuple(column, 'id'), direction === 'asc' ? '>' : '<', eb.tuple(from.key, from.id)));
  if (sortKey !== 'waiting') {
    const first = reversed ? 'desc' : 'asc';
    // Cases without a level (not KYC) come last either way, on both dialects.
    pageQuery = sortKey === 'level' ? pageQuery.orderBy('level', (ob) => ob[first]().nullsLast()) : pageQuery.orderBy(SORT_COLUMN[sortKey], first);
  }
  // One row more than the page: whether there is another page that way, without counting.
  const rows = await pageQuery
    .orderBy(column, direction)
    .orderBy('id', direction)
    .limit(f.limit + 1)
    .offset(from ? 0 : offset)
    .execute();
  const more = rows.length > f.limit;
  const items = rows.slice(0, f.limit);
  if (backwards) items.reverse();

  const first = items[0];
  const last = items.at(-1);
  const edge = (kind: 'after' | 'before', row: CaseRow | undefined): QueueCursor | null => {
    const key = row && keyOf(row);
    return row && key ? { kind, key, id: row.id } : null;
  };
  let next: QueueCursor | null;
  let prev: QueueCursor | null;
  if (!keysetList) {
    next = more ? { kind: 'offset', offset: offset + f.limit } : null;
    prev = offset > 0 ? { kind: 'offset', offset: Math.max(0, offset - f.limit) } : null;
  } else {
    // Read forwards, a page before exists when we came from one (a cursor or a position past 0);
    // read backwards, the page after does.
    next = backwards || more ? edge('after', last) : null;
    prev = (backwards ? more : from !== null || offset > 0) ? edge('before', first) : null;
  }

  // The total: the rows before the page (by its number), plus those from the page's first row on,
  // counted up to the window.
  const cap = f.limit + QUEUE_COUNT_WINDOW;
  let fromPage = base.select(sql<number>`1`.as('one'));
  if (from && first) fromPage = fromPage.where((eb) => eb(eb.refTuple(column, 'id'), pending ? '>=' : '<=', eb.tuple(keyOf(first)!, first.id)));
  const counted =
    from && !first
      ? 0
      : Number(
          (
            await db
              .selectFrom(fromPage.limit(cap + 1).offset(from ? 0 : offset).as('window'))
              .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
  const total = (from ? (f.page - 1) * f.limit : offset) + Math.min(counted, cap);
  return { items, total, totalIsLowerBound: counted > cap, next, prev };
}

/**
 * How far the dashboard counts (decision 030): each figure reads at most this many index entries,
 * so the dashboard costs the same over a million pending cases as over ten; above it the figure is
 * shown as "10,000+".
 */
export const WORKLOAD_COUNT_CAP = 10_000;

/** Pending cases of one kind (opened before `openedBefore`, if given), counted up to the cap. */
async function countPending(db: Q, cap: number, kind: string, openedBefore?: string): Promise<{ count: number; atLeast: boolean }> {
  let rows = db.selectFrom('review_cases').select(sql<number>`1`.as('one')).where('status', '=', 'PENDING').where('subject_kind', '=', kind);
  if (openedBefore !== undefined) rows = rows.where('opened_at', '<', openedBefore);
  const { n } = await db
    .selectFrom(rows.limit(cap + 1).as('window'))
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  const counted = Number(n);
  return { count: Math.min(counted, cap), atLeast: counted > cap };
}

/**
 * One kind's pending work for the reviewers' dashboard: how many, how many waited over one and over
 * three days, the oldest, and how many wait for a second look. Every read follows the
 * (status, subject_kind, opened_at) index; open proposals are few.
 */
export async function findWorkload(db: Q, kind: string, oneDayAgo: string, threeDaysAgo: string, cap = WORKLOAD_COUNT_CAP) {
  const [pending, overOneDay, overThreeDays, oldest, secondLook] = await Promise.all([
    countPending(db, cap, kind),
    countPending(db, cap, kind, oneDayAgo),
    countPending(db, cap, kind, threeDaysAgo),
    db
      .selectFrom('review_cases')
      .select('opened_at')
      .where('status', '=', 'PENDING')
      .where('subject_kind', '=', kind)
      .orderBy('opened_at', 'asc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('review_proposals')
      .innerJoin('review_cases', 'review_cases.id', 'review_proposals.case_id')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('review_proposals.status', '=', 'OPEN')
      .where('review_cases.subject_kind', '=', kind)
      .executeTakeFirstOrThrow(),
  ]);
  return { pending, overOneDay, overThreeDays, oldestOpenedAt: oldest?.opened_at ?? null, awaitingSecondLook: Number(secondLook.n) };
}

export async function insertProposal(db: Q, row: ProposalRow): Promise<void> {
  await db.insertInto('review_proposals').values(row).execute();
}

export function findOpenProposal(db: Q, caseId: string) {
  return db.selectFrom('review_proposals').selectAll().where('open_key', '=', caseId).executeTakeFirst();
}

/** The proposals of the given cases, newest first. */
export function findProposals(db: Q, caseIds: readonly string[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('review_proposals').selectAll().where('case_id', 'in', caseIds).orderBy('proposed_at', 'desc').orderBy('id', 'desc').execute();
}

/** Compare-and-set OPEN -> status. Returns the rows changed (0 or 1). */
export async function resolveProposal(db: Q, id: string, status: string, by: string | null, at: string, note: string): Promise<number> {
  const r = await db
    .updateTable('review_proposals')
    .set({ status, open_key: null, resolved_by: by, resolved_at: at, resolution_note: note })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Cases of the given users, newest first (the console's search; the (user_id, opened_at) index). */
export function findCasesOfUsers(db: Q, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('review_cases').selectAll().where('user_id', 'in', userIds).orderBy('opened_at', 'desc').orderBy('id', 'desc').execute();
}

/** Cases of one user (the retention job and the user's data export). */
export function findCasesOfUser(db: Q, userId: string) {
  return db.selectFrom('review_cases').selectAll().where('user_id', '=', userId).orderBy('opened_at').execute();
}

/** Blanks the free text of decisions and proposals on a user's cases (retention): it may name them. */
export async function eraseFreeText(db: Q, caseIds: readonly string[]): Promise<void> {
  if (caseIds.length === 0) return;
  await db.updateTable('review_decisions').set({ user_message: '', internal_note: '' }).where('case_id', 'in', caseIds).execute();
  await db.updateTable('review_proposals').set({ user_message: '', internal_note: '', resolution_note: '' }).where('case_id', 'in', caseIds).execute();
}

/**
 * Users who applied and were only ever rejected (no case pending, none approved), the last decision
 * before `cutoff`: the retention rule for rejected applicants.
 */
export async function findRejectedOnlyUsers(db: Q, cutoff: string): Promise<string[]> {
  const rows = await db
    .selectFrom('review_cases')
    .select('user_id')
    .groupBy('user_id')
    .having((eb) => eb.fn.sum<number | string>(eb.case().when('status', '!=', 'REJECTED').then(1).else(0).end()), '=', 0)
    .having((eb) => eb.fn.max('decided_at'), '<=', cutoff)
    .execute();
  return rows.map((r) => r.user_id);
}
