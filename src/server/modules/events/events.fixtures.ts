import type { DomainEventType } from '../../../shared/events.ts';
import type { App } from '../../app.ts';
import { subscribedEvent, type SubscribedEvent } from './subscribers.ts';

/**
 * The events of `type` written for a user, newest first, as a subscriber receives them: a test hands
 * one to a subscriber again to show a redelivery is harmless (decision 057).
 */
export async function subscribedEventsOf<T extends DomainEventType>(app: App, userId: string, type: T): Promise<SubscribedEvent<T>[]> {
  const rows = await app.db.selectFrom('domain_events').selectAll().where('user_id', '=', userId).where('type', '=', type).orderBy('seq', 'desc').execute();
  return rows.map((r) => subscribedEvent({ ...r, position: r.position ?? 0 }) as SubscribedEvent<T>);
}

/** The user's newest event of a level reaching SUCCESS. */
export async function levelVerifiedEventOf(app: App, userId: string): Promise<SubscribedEvent<'kyc.level.status_changed'>> {
  const found = (await subscribedEventsOf(app, userId, 'kyc.level.status_changed')).find((e) => e.data.status === 'SUCCESS');
  if (!found) throw new Error(`no verified level for ${userId}`);
  return found;
}
