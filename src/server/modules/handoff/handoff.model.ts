import { createHash, randomBytes } from 'node:crypto';
import { HANDOFF_KINDS, HandoffStatus, HandoffStep } from '../../../shared/api/capture.ts';
import { DOCUMENT_REQUIREMENTS, type SelectableDocumentType } from '../../../shared/document-requirements.ts';
import type { DocumentKind } from '../../../shared/kyc.ts';

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

/**
 * The pictures a one-session link (REMAINING, decision 058) asks the phone for, in the flow's order:
 * from the desktop's step on (`from`), the document type's sides, then the selfie, skipping what the
 * user has already uploaded. With everything uploaded already the phone is asked for all of them
 * again (a retake: the newer picture replaces the draft). Only picture kinds of level 1 (a BVN's
 * number is typed on the desktop).
 */
export function planOf(documentType: SelectableDocumentType, drafted: ReadonlySet<string>, from: HandoffStep = HandoffStep.DOCUMENTS): DocumentKind[] {
  const reach = from === HandoffStep.SELFIE ? HANDOFF_KINDS[HandoffStep.SELFIE] : HANDOFF_KINDS[HandoffStep.REMAINING];
  const all = DOCUMENT_REQUIREMENTS[documentType].kinds.filter((k) => reach.includes(k));
  const missing = all.filter((k) => !drafted.has(k));
  return missing.length > 0 ? missing : all;
}

/** A link's kinds: a REMAINING link's stored plan, else its step's. */
export function kindsOf(row: { step: string; kinds: string | null }): DocumentKind[] {
  if (row.kinds) {
    try {
      const parsed = JSON.parse(row.kinds) as unknown;
      if (Array.isArray(parsed)) return parsed.filter((k): k is DocumentKind => HANDOFF_KINDS[HandoffStep.REMAINING].includes(k as DocumentKind));
    } catch {
      return [];
    }
  }
  return [...(HANDOFF_KINDS[row.step as HandoffStep] ?? [])];
}

/** Whether two links could send the same kind of picture (a newer one then ends the older). */
export const overlaps = (a: readonly DocumentKind[], b: readonly DocumentKind[]) => a.some((k) => b.includes(k));
