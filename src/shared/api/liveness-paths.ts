/**
 * The liveness check's outcome and the reviewer's view of it (decision 023). Not in ApiPath and not
 * in capture-paths.ts: only the lazily loaded selfie step and the console import this module, so the
 * first page does not carry these paths.
 */
export const LivenessPath = {
  /** POST { id, frames, pictures }: the challenge's outcome; the server decides it again and keeps the pictures. */
  livenessFinish: '/v1/private/capture/liveness/finish',
  /** POST: the same through a phone's handoff. */
  handoffLivenessFinish: '/v1/capture/handoff/liveness/finish',
  /** GET ?userId=&level=: a reviewer's view of the user's latest finished liveness challenge. */
  consoleLiveness: '/v1/console/capture/liveness',
  /** GET ?userId=&level=&selfieId=&frontId=: the face match the server stored for a selfie and a document front (decision 045). */
  consoleFaceMatch: '/v1/console/capture/face-match',
  /** GET `${consoleLivenessFrame}/<id>`: one of its frames (JPEG), to a reviewer; audited. */
  consoleLivenessFrame: '/v1/console/capture/liveness-frame',
} as const;
