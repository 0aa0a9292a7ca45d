import { randomUUID } from 'node:crypto';
import { DomainEventCatalog, type DomainEventData, type DomainEventType } from '../../../shared/events.ts';
import { nowIso, type Db } from '../../db/index.ts';
import type { Actor } from '../audit/audit.service.ts';
import * as repo from './events.repo.ts';

/**
 * Writes a domain event in the caller's transaction `trx` — exactly when the change commits does the
 * event exist (the outbox). The payload is checked against its type's schema (a wrong payload is a
 * bug: it throws and the change rolls back). The user's business (a partner's applicant) is looked up
 * here, so a partner's feed and endpoints get their own applicants' events only. `actor`: who made the
 * change, kept beside the event (not in its payload) for the subscribers that act on it.
 */
export async function publishIn<T extends DomainEventType>(trx: Db, type: T, data: DomainEventData<T>, { actor, at = nowIso() }: { actor?: Actor; at?: string } = {}): Promise<string> {
  const entry = DomainEventCatalog[type];
  const parsed = entry.data.parse(data) as Record<string, unknown>;
  const userId = typeof parsed.userId === 'string' ? parsed.userId : null;
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
    // Who made the change: the modules' subscribers act in their name (decision 057); never sent out.
    actor_type: actor?.type ?? null,
    actor_id: actor?.id ?? null,
    // Given after the commit (the relay's sequencer): the feed never shows a row out of commit order.
    position: null,
  });
  return id;
}

/** Records that `userId` is an applicant of `businessId` (the partners module, when it links one), in its transaction. */
export async function linkAudienceIn(trx: Db, userId: string, businessId: string): Promise<void> {
  await repo.insertAudience(trx, userId, businessId);
}
