import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { DomainEventCatalog, type DomainEventData, type DomainEventType } from '../../../shared/events.ts';
import { isPostgres, nowIso, type Db } from '../../db/index.ts';
import * as repo from './events.repo.ts';

/**
 * One advisory lock every event writer takes on PostgreSQL before its first event, held until its
 * commit (decision 050): events then commit in `seq` order, so a feed reader or the relay that has
 * read up to `seq` N never misses an N-1 that was still uncommitted. SQLite has one writer at a time.
 */
const OUTBOX_LOCK = 0x6f757462; // "outb"

/**
 * Writes a domain event in the caller's transaction `trx` — exactly when the change commits does the
 * event exist (the outbox). The payload is checked against its type's schema (a wrong payload is a
 * bug: it throws and the change rolls back). The user's business (a partner's applicant) is looked up
 * here, so a partner's feed and endpoints get their own applicants' events only.
 */
export async function publishIn<T extends DomainEventType>(trx: Db, type: T, data: DomainEventData<T>, at: string = nowIso()): Promise<string> {
  const entry = DomainEventCatalog[type];
  const parsed = entry.data.parse(data) as Record<string, unknown>;
  const userId = typeof parsed.userId === 'string' ? parsed.userId : null;
  if (isPostgres(trx as unknown as Kysely<unknown>)) await sql`SELECT pg_advisory_xact_lock(${OUTBOX_LOCK})`.execute(trx);
  const businessId = userId ? await repo.businessOfUser(trx, userId) : null;
  const id = `evt_${randomUUID().replaceAll('-', '')}`;
  await repo.insertEvent(trx, {
    id,
    type,
    version: entry.version,
    user_id: userId,
    business_id: businessId,
    exchange_only: entry.exchangeOnly ? 1 : 0,
    data: JSON.stringify({ schemaVersion: entry.version, ...parsed }),
    created_at: at,
  });
  return id;
}

/** Records that `userId` is an applicant of `businessId` (the partners module, when it links one), in its transaction. */
export async function linkAudienceIn(trx: Db, userId: string, businessId: string): Promise<void> {
  await repo.insertAudience(trx, userId, businessId);
}
