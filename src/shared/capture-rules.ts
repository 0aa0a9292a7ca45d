import { DocumentKind } from './kyc.ts';

/**
 * The in-house capture's rules without schemas (decision 023): the web app's first-page code may
 * import these (shared/api/capture.ts builds zod schemas over them).
 */

/**
 * Where in the level 1 flow a handoff continues. DOCUMENTS and SELFIE hand one step to the phone
 * (decision 023); REMAINING hands it the rest of the level in one session, in order: the document
 * sides the chosen type needs that are not uploaded yet, then the selfie with its liveness challenge
 * (issue 27, decision 058).
 */
export const HandoffStep = { DOCUMENTS: 'DOCUMENTS', SELFIE: 'SELFIE', REMAINING: 'REMAINING' } as const;
export type HandoffStep = (typeof HandoffStep)[keyof typeof HandoffStep];

/**
 * The pictures each step may send through a handoff: nothing else. A REMAINING link stores its own
 * ordered plan (a subset of these, fixed when it is made from the document type and the drafts).
 */
export const HANDOFF_KINDS: Record<HandoffStep, readonly DocumentKind[]> = {
  [HandoffStep.DOCUMENTS]: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK],
  [HandoffStep.SELFIE]: [DocumentKind.SELFIE],
  [HandoffStep.REMAINING]: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE],
};

/**
 * Where a phone is in a handoff's plan: the first kind it has not sent yet (null: it sent them all).
 * The phone shows it as "Step n of m"; the desktop shows the same from the link's uploads.
 */
export function handoffCurrentKind(kinds: readonly DocumentKind[], sent: readonly { kind: DocumentKind }[]): DocumentKind | null {
  const done = new Set(sent.map((u) => u.kind));
  return kinds.find((k) => !done.has(k)) ?? null;
}

/**
 * A link's life. PENDING: made, not opened; OPENED: a phone holds it; COMPLETED: the phone said it
 * is done; REVOKED: the desktop ended it (or made a newer one); EXPIRED: not opened in time, or the
 * phone's session ran out (computed from the times, never stored).
 */
export const HandoffStatus = { PENDING: 'PENDING', OPENED: 'OPENED', COMPLETED: 'COMPLETED', REVOKED: 'REVOKED', EXPIRED: 'EXPIRED' } as const;
export type HandoffStatus = (typeof HandoffStatus)[keyof typeof HandoffStatus];

/** The address the phone opens: the secret rides in the fragment, which no server or log ever sees. */
export const HANDOFF_PAGE = '/capture/handoff';

/** Why the browser refused a picture (each has a translated reason and what to do). */
export const QualityIssue = {
  BLURRY: 'BLURRY',
  GLARE: 'GLARE',
  TOO_DARK: 'TOO_DARK',
  TOO_SMALL: 'TOO_SMALL',
  CUT_OFF: 'CUT_OFF',
  NO_FACE: 'NO_FACE',
  SEVERAL_FACES: 'SEVERAL_FACES',
  FACE_TOO_SMALL: 'FACE_TOO_SMALL',
  FACE_OFF_CENTRE: 'FACE_OFF_CENTRE',
} as const;
export type QualityIssue = (typeof QualityIssue)[keyof typeof QualityIssue];
export const QUALITY_ISSUES = Object.values(QualityIssue);

/** After this many refusals of the same picture the user may send it anyway (the reviewer sees why). */
export const QUALITY_REFUSALS_BEFORE_OVERRIDE = 2;

/** The multipart field with the warnings a user overrode: comma-separated QualityIssue values. */
export const QUALITY_WARNINGS_FIELD = 'warnings';

/** Parses the warnings field; unknown values are dropped (an older client's, say), never fatal. */
export function parseWarnings(value: string | undefined): QualityIssue[] {
  if (!value) return [];
  const known = new Set<string>(QUALITY_ISSUES);
  return [...new Set(value.split(',').map((v) => v.trim()).filter((v) => known.has(v)))] as QualityIssue[];
}

/** The moves a liveness challenge asks for. */
export const LivenessMove = { TURN_LEFT: 'TURN_LEFT', TURN_RIGHT: 'TURN_RIGHT', BLINK: 'BLINK', LOOK_UP: 'LOOK_UP' } as const;
export type LivenessMove = (typeof LivenessMove)[keyof typeof LivenessMove];
export const LIVENESS_MOVES = Object.values(LivenessMove);

