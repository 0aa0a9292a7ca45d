import { z } from '../zod.ts';
import { DocumentKind, KycLevel, type VerifiableLevel } from '../kyc.ts';
import { ValidationMessage } from '../validation.ts';
import { HandoffStatus, HandoffStep, LivenessMove, QualityIssue } from '../capture-rules.ts';

export * from '../capture-rules.ts';
export { CapturePath } from './capture-paths.ts';

/**
 * Issue 17, the in-house capture (docs/decisions/023): "continue on your phone" (handoff), the
 * quality checks an upload carries, and the liveness challenge of the selfie.
 */


const levelValue = z.literal([KycLevel.LEVEL_1], { error: ValidationMessage.RANGE });
const stepValue = z.enum(HandoffStep, { error: ValidationMessage.TYPE });

export const handoffCreateRequest = z.strictObject({ level: levelValue, step: stepValue });
export type HandoffCreateRequest = z.input<typeof handoffCreateRequest>;

const handoffUpload = z.object({ kind: z.enum(DocumentKind), documentId: z.string(), at: z.string() });
export type HandoffUpload = z.output<typeof handoffUpload>;

/** The desktop's view of a link. */
export const handoffView = z.object({
  id: z.string(),
  level: z.number().int(),
  step: stepValue,
  status: z.enum(HandoffStatus),
  expiresAt: z.string(),
  /** Until when the phone that opened it may send pictures (null until opened). */
  sessionExpiresAt: z.string().nullable(),
  uploads: z.array(handoffUpload),
});
export type HandoffView = z.output<typeof handoffView>;

/** POST create: the view plus the secret, shown once (QR code and link) and never stored in clear. */
export const handoffCreateResult = handoffView.extend({
  token: z.string(),
  /** The path the phone opens (APP_BASE + HANDOFF_PAGE + '#' + token): the page adds its origin. */
  path: z.string(),
});
export type HandoffCreateResult = z.output<typeof handoffCreateResult>;

const handoffId = z.uuid({ error: ValidationMessage.TYPE });
export const handoffStatusQuery = z.strictObject({ id: handoffId });
export const handoffRevokeRequest = z.strictObject({ id: handoffId });

/** Link secrets are 32 base64url characters; anything else is refused before any lookup. */
export const handoffOpenRequest = z.strictObject({ token: z.string().regex(/^[\w-]{20,64}$/, ValidationMessage.TYPE) });

/** What the phone may do: the step, its kinds, what it sent, and until when. */
export const handoffSessionResult = z.object({
  level: z.number().int(),
  step: stepValue,
  kinds: z.array(z.enum(DocumentKind)),
  status: z.enum(HandoffStatus),
  sessionExpiresAt: z.string(),
  uploads: z.array(handoffUpload),
});
export type HandoffSessionResult = z.output<typeof handoffSessionResult>;

/** The handoff upload's text field (the level and user come from the handoff, never the phone). */
export const handoffUploadFields = z.object({
  kind: z.enum(DocumentKind, { error: ValidationMessage.TYPE }),
  warnings: z.string().max(200).optional(),
});

// --- Quality checks -------------------------------------------------------------------------------

/** What the server recorded about an upload's quality; the reviewer sees it beside the picture. */
export const documentQuality = z.object({
  /** Variance of the Laplacian of the grey image scaled to 640 px wide: low is blurred. */
  sharpness: z.number(),
  /** The server's own cheap checks that failed (BLURRY, TOO_SMALL). */
  server: z.array(z.enum(QualityIssue)),
  /** What the browser warned about and the user sent anyway. */
  overridden: z.array(z.enum(QualityIssue)),
  /** Sent through a phone handoff. */
  viaHandoff: z.boolean(),
});
export type DocumentQuality = z.output<typeof documentQuality>;

// --- Liveness -------------------------------------------------------------------------------------

export const livenessStartRequest = z.strictObject({ level: levelValue });
export const livenessChallenge = z.object({ id: z.string(), moves: z.array(z.enum(LivenessMove)), expiresAt: z.string() });
export type LivenessChallenge = z.output<typeof livenessChallenge>;

/** Levels the capture features serve: level 1's identity pictures. */
export const CAPTURE_LEVELS: readonly VerifiableLevel[] = [KycLevel.LEVEL_1];
