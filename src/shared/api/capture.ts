import { z } from '../zod.ts';
import { DocumentKind, KycLevel, type VerifiableLevel } from '../kyc.ts';
import { SELECTABLE_DOCUMENT_TYPES } from '../document-requirements.ts';
import { ValidationMessage } from '../validation.ts';
import { HandoffStatus, HandoffStep, LIVENESS_MOVES, LivenessMove, QualityIssue } from '../capture-rules.ts';

export * from '../capture-rules.ts';
export { CapturePath } from './capture-paths.ts';
export { LivenessPath } from './liveness-paths.ts';

/**
 * Issue 17, the in-house capture (docs/decisions/023): "continue on your phone" (handoff), the
 * quality checks an upload carries, and the liveness challenge of the selfie.
 */


const levelValue = z.literal([KycLevel.LEVEL_1], { error: ValidationMessage.RANGE });
const stepValue = z.enum(HandoffStep, { error: ValidationMessage.TYPE });

const documentTypeValue = z.enum(SELECTABLE_DOCUMENT_TYPES, { error: ValidationMessage.TYPE });

/**
 * POST create. `documentType` (the type chosen on the desktop) is what a REMAINING link needs to know
 * which sides to ask for (decision 058); `from`, the flow's step the desktop is on, where its plan
 * starts (SELFIE: the selfie alone, say for a retake). The one-step links ignore both.
 */
export const handoffCreateRequest = z
  .strictObject({
    level: levelValue,
    step: stepValue,
    documentType: documentTypeValue.optional(),
    from: z.enum([HandoffStep.DOCUMENTS, HandoffStep.SELFIE], { error: ValidationMessage.TYPE }).optional(),
  })
  .refine((r) => r.step !== HandoffStep.REMAINING || r.documentType !== undefined, { path: ['documentType'], error: ValidationMessage.REQUIRED });
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
  /** The pictures the phone is asked for, in order (a REMAINING link's plan; a step's kinds otherwise). */
  kinds: z.array(z.enum(DocumentKind)),
  /** The document type a REMAINING link was made for (names the sides: a passport's photo page); null otherwise. */
  documentType: documentTypeValue.nullable(),
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
  /** In the order the phone takes them (decision 058: "Step 2 of 3"). */
  kinds: z.array(z.enum(DocumentKind)),
  documentType: documentTypeValue.nullable(),
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

/** What a challenge may keep for the reviewer: the straight-ahead frame and one per move. */
export const LIVENESS_BASELINE = 'BASELINE';
export const livenessFrameLabel = z.enum([LIVENESS_BASELINE, ...LIVENESS_MOVES], { error: ValidationMessage.TYPE });
export type LivenessFrameLabel = z.output<typeof livenessFrameLabel>;

/** At most this many measured frames per challenge (about 5 a second for a minute); more is refused. */
export const LIVENESS_MAX_FRAMES = 400;
/** A kept frame: a JPEG of at most this many bytes (the browser sends 480 px wide, about 30 KB). */
export const LIVENESS_PICTURE_MAX_BYTES = 150_000;

const measure = z.number().finite().min(-10).max(10);
/** One frame as the detector measured it (shared/face-checks.ts FrameMeasures). */
const frameMeasures = z.union([
  z.strictObject({ faces: z.literal(1), yaw: measure, pitch: measure, eyes: measure }),
  z.strictObject({ faces: z.number().int().min(0).max(50) }),
]);

export const livenessFinishRequest = z.strictObject({
  id: z.uuid({ error: ValidationMessage.TYPE }),
  frames: z.array(frameMeasures).max(LIVENESS_MAX_FRAMES, { error: ValidationMessage.MAX_LENGTH }),
  pictures: z
    .array(z.strictObject({ label: livenessFrameLabel, image: z.base64({ error: ValidationMessage.TYPE }).max(Math.ceil(LIVENESS_PICTURE_MAX_BYTES / 3) * 4, { error: ValidationMessage.MAX_LENGTH }) }))
    .max(LIVENESS_MOVES.length + 1, { error: ValidationMessage.MAX_LENGTH }),
});
export type LivenessFinishRequest = z.input<typeof livenessFinishRequest>;

export const LivenessStatus = { ISSUED: 'ISSUED', PASSED: 'PASSED', FAILED: 'FAILED' } as const;
export type LivenessStatus = (typeof LivenessStatus)[keyof typeof LivenessStatus];

/** The server's own decision, from its face model's reading of the kept pictures (decision 039). */
export const livenessResult = z.object({
  id: z.string(),
  status: z.enum(LivenessStatus),
  /** Why it failed (shared/face-checks.ts LivenessFailure); null when it passed. */
  failure: z.string().nullable(),
  steps: z.array(z.object({ move: z.enum(LivenessMove), seen: z.boolean() })),
});
export type LivenessResult = z.output<typeof livenessResult>;

export const consoleLivenessQuery = z.strictObject({ userId: z.string().min(1).max(64), level: z.coerce.number().pipe(levelValue) });
export const livenessFrameParams = z.object({ id: z.uuid({ error: ValidationMessage.TYPE }) });

const faceMeasuresOut = z.object({ yaw: z.number(), pitch: z.number(), eyes: z.number() });

/**
 * What the server's face model found (decision 039): each picture's faces, measures, distance to the
 * straight-ahead face and issue; the face match with the document's portrait, with the model's name
 * and the thresholds it was judged by. Null for a challenge finished before the server read pictures.
 */
export const livenessAnalysis = z.object({
  model: z.string(),
  thresholds: z.object({ sameFaceMax: z.number(), matchMax: z.number(), reviewMax: z.number() }),
  pictures: z.array(z.object({ label: z.string(), faces: z.number().int(), measures: faceMeasuresOut.nullable(), distance: z.number().nullable(), issue: z.string().nullable() })),
  faceMatch: z.object({
    score: z.number().int().nullable(),
    distance: z.number().nullable(),
    band: z.enum(['MATCH', 'REVIEW', 'MISMATCH']).nullable(),
    /** Why there is no score: NO_DOCUMENT, NO_FACE_ON_DOCUMENT, NO_FACE_IN_CHECK. */
    missing: z.string().nullable(),
    documentId: z.string().nullable(),
  }),
  /** What the browser's own measures said (a guide only; never the decision). */
  reported: z.object({ passed: z.boolean(), failure: z.string().nullable() }),
  /** How long the model took for this check, in milliseconds. */
  ms: z.number(),
});
export type LivenessAnalysis = z.output<typeof livenessAnalysis>;

/** The reviewer's view of a user's latest finished challenge (null: none, or none kept any more). */
export const consoleLiveness = z
  .object({
    result: livenessResult,
    analysis: livenessAnalysis.nullable(),
    finishedAt: z.string(),
    frames: z.array(z.object({ id: z.string(), label: livenessFrameLabel, width: z.number().int(), height: z.number().int(), path: z.string() })),
  })
  .nullable();
export type ConsoleLiveness = z.output<typeof consoleLiveness>;

/**
 * The face match a reviewer sees beside a selfie and a document front (decision 045): the server's
 * comparison of exactly these two pictures, computed after the later of the two uploads (off the
 * request), or the liveness check's own comparison with this front when the pair has none (pictures
 * from before that). COMPUTING while the pair's job waits; NONE when the server has no comparison.
 */
export const FaceMatchState = { STORED: 'STORED', COMPUTING: 'COMPUTING', NONE: 'NONE' } as const;
export type FaceMatchState = (typeof FaceMatchState)[keyof typeof FaceMatchState];
/** What was compared with the document front: the selfie picture itself, or the liveness check's straight-ahead picture. */
export const FaceMatchSource = { SELFIE: 'SELFIE', LIVENESS: 'LIVENESS' } as const;
export type FaceMatchSource = (typeof FaceMatchSource)[keyof typeof FaceMatchSource];

const documentId = z.string().min(1).max(64);
export const consoleFaceMatchQuery = z.strictObject({
  userId: z.string().min(1).max(64),
  level: z.coerce.number().int().min(KycLevel.LEVEL_1, { error: ValidationMessage.RANGE }).max(KycLevel.LEVEL_2, { error: ValidationMessage.RANGE }),
  selfieId: documentId,
  frontId: documentId.optional(),
});
export const consoleFaceMatch = z.object({
  state: z.enum(FaceMatchState),
  source: z.enum(FaceMatchSource).nullable(),
  model: z.string().nullable(),
  thresholds: z.object({ matchMax: z.number(), reviewMax: z.number() }).nullable(),
  faceMatch: z
    .object({
      score: z.number().int().nullable(),
      distance: z.number().nullable(),
      band: z.enum(['MATCH', 'REVIEW', 'MISMATCH']).nullable(),
      /** Why there is no score: NO_FACE_ON_DOCUMENT, NO_FACE_ON_SELFIE (a liveness check's: NO_DOCUMENT, NO_FACE_IN_CHECK). */
      missing: z.string().nullable(),
      documentId: z.string().nullable(),
    })
    .nullable(),
  computedAt: z.string().nullable(),
});
export type ConsoleFaceMatch = z.output<typeof consoleFaceMatch>;

/** Levels the capture features serve: level 1's identity pictures. */
export const CAPTURE_LEVELS: readonly VerifiableLevel[] = [KycLevel.LEVEL_1];
