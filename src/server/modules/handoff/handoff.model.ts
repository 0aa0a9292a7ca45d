import { createHash, randomBytes } from 'node:crypto';
import { HandoffStatus } from '../../../shared/api/capture.ts';

/**
 * The life of a "continue on your phone" link as data (decision 023): which event may happen in
 * which stored status, and the status it leads to. EXPIRED is never stored: it is read from the
 * times, so a link that nobody touches still ends on time.
 */
export const HandoffEvent = { OPEN: 'OPEN', UPLOAD: 'UPLOAD', COMPLETE: 'COMPLETE', REVOKE: 'REVOKE' } as const;
export type HandoffEvent = (typeof HandoffEvent)[keyof typeof HandoffEvent];

type Stored = typeof HandoffStatus.PENDING | typeof HandoffStatus.OPENED | typeof HandoffStatus.COMPLETED | typeof HandoffStatus.REVOKED;

export const HANDOFF_TRANSITIONS: Record<HandoffEvent, { from: readonly Stored[]; to: Stored }> = {
  [HandoffEvent.OPEN]: { from: [HandoffStatus.PENDING], to: HandoffStatus.OPENED },
  [HandoffEvent.UPLOAD]: { from: [HandoffStatus.OPENED], to: HandoffStatus.OPENED },
  [HandoffEvent.COMPLETE]: { from: [HandoffStatus.OPENED], to: HandoffStatus.COMPLETED },
  [HandoffEvent.REVOKE]: { from: [HandoffStatus.PENDING, HandoffStatus.OPENED], to: HandoffStatus.REVOKED },
};

export interface HandoffTimes {
  status: string;
  expires_at: string;
  session_expires_at: string | null;
}

/** The status a link has now: a PENDING link past its opening time, or an OPENED one past its session, has EXPIRED. */
export function effectiveStatus(row: HandoffTimes, now: number): HandoffStatus {
  if (row.status === HandoffStatus.PENDING && now >= Date.parse(row.expires_at)) return HandoffStatus.EXPIRED;
  if (row.status === HandoffStatus.OPENED && row.session_expires_at && now >= Date.parse(row.session_expires_at)) return HandoffStatus.EXPIRED;
  return row.status as HandoffStatus;
}

/** Whether `event` may happen to a link in `status` (EXPIRED allows nothing). */
export function allows(status: HandoffStatus, event: HandoffEvent): boolean {
  return (HANDOFF_TRANSITIONS[event].from as readonly string[]).includes(status);
}

/** A new secret: 24 random bytes, 32 base64url characters (a QR code stays small). */
export const newSecret = () => randomBytes(24).toString('base64url');

/** What is stored of a secret: its SHA-256. A secret of 192 random bits needs no salt or slow hash. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
