import { LIMITATION_DEFAULT } from '../../../shared/kyc.ts';
import { combineLimitations } from '../../../shared/restrictions.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { publishIn } from '../events/events.service.ts';
import * as repo from './limitations.repo.ts';

/** One part of the account's limitation: the limitation it brings and its reasons. */
export interface Part {
  limitation: string;
  reasons: string[];
}

/** The two parts the account's limitation combines (kyc-info's rule, decision 061). */
export interface Parts {
  /** The decisions' restrictions (restrictions module). */
  restricted: Part;
  /** Overdue re-verification and compliance tasks (kyc-info's `deadlinePart`). */
  deadlines: Part;
}

const NONE: Part = { limitation: LIMITATION_DEFAULT, reasons: [] };
const sameReasons = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r, i) => r === b[i]);
const same = (a: Part, b: Part) => a.limitation === b.limitation && sameReasons(a.reasons, b.reasons);

/** The account's limitation from its parts: combineLimitations, the one rule kyc-info applies too. */
export function combined(parts: Parts): Part {
  const { limitation, reasons } = combineLimitations([
    { ...parts.restricted, actions: [] },
    { ...parts.deadlines, actions: [] },
  ]);
  return { limitation, reasons };
}

/** What the row says was published, and the parts it was combined from. */
export function storedOf(row: repo.LimitationRow | undefined): { published: Part; parts: Parts } {
  if (!row) return { published: NONE, parts: { restricted: NONE, deadlines: NONE } };
  const part = (limitation: string, reasons: string) => ({ limitation, reasons: JSON.parse(reasons) as string[] });
  return {
    published: part(row.limitation, row.reasons),
    parts: { restricted: part(row.restricted_limitation, row.restricted_reasons), deadlines: part(row.deadline_limitation, row.deadline_reasons) },
  };
}

const rowOf = (userId: string, parts: Parts, version: number, at: string): repo.LimitationRow => {
  const now = combined(parts);
  return {
    user_id: userId,
    limitation: now.limitation,
    reasons: JSON.stringify(now.reasons),
    restricted_limitation: parts.restricted.limitation,
    restricted_reasons: JSON.stringify(parts.restricted.reasons),
    deadline_limitation: parts.deadlines.limitation,
    deadline_reasons: JSON.stringify(parts.deadlines.reasons),
    version,
    changed_at: at,
  };
};

/** Publishes `kyc.limitation.changed` in `trx` when the combined limitation or its reasons differ from what was published. */
async function publishIfChanged(trx: Db, userId: string, published: Part, parts: Parts, cause: 'RESTRICTION' | 'DEADLINE', at: string): Promise<boolean> {
  const now = combined(parts);
  if (same(now, published)) return false;
  await publishIn(trx, 'kyc.limitation.changed', { userId, previousLimitation: published.limitation, limitation: now.limitation, previousReasonCodes: published.reasons, reasonCodes: now.reasons, cause }, { at });
  return true;
}

/**
 * A decision set or lifted a restriction in `trx` (the restrictions module): the account's limitation
 * is combined with the deadlines' part last stored and published at once, in the decision's
 * transaction, so it does not wait for the sweep — and the sweep, finding it stored, does not publish it again.
 */
export async function restrictionsChangedIn(trx: Db, userId: string, restricted: Part): Promise<void> {
  const at = nowIso();
  const row = await repo.claim(trx, userId, at);
  const stored = storedOf(row);
  const parts: Parts = { restricted: { limitation: restricted.limitation, reasons: [...restricted.reasons] }, deadlines: stored.parts.deadlines };
  await publishIfChanged(trx, userId, stored.published, parts, 'RESTRICTION', at);
  await repo.replaceAt(trx, row.version, rowOf(userId, parts, row.version + 1, at));
}

/**
 * The sweep's write (decision 061): `row` is what it read before computing `parts`; the row is
 * replaced (or created) only if nobody wrote it since — a restriction's change or another server's
 * sweep — and the change is published in the same transaction. True when this call published.
 */
export async function sweepWriteIn(trx: Db, userId: string, row: repo.LimitationRow | undefined, parts: Parts): Promise<boolean> {
  const at = nowIso();
  const stored = storedOf(row);
  const written = row ? await repo.replaceAt(trx, row.version, rowOf(userId, parts, row.version + 1, at)) : await repo.insertIfAbsent(trx, rowOf(userId, parts, 1, at));
  if (written !== 1) return false;
  return publishIfChanged(trx, userId, stored.published, parts, 'DEADLINE', at);
}

/** True when `parts` would change the stored row (the sweep writes nothing otherwise: no row for users never limited). */
export function differs(row: repo.LimitationRow | undefined, parts: Parts): boolean {
  const stored = storedOf(row);
  return !same(stored.parts.restricted, parts.restricted) || !same(stored.parts.deadlines, parts.deadlines) || !same(stored.published, combined(parts));
}
