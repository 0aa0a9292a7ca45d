/**
 * Issue 17 (decision 023): the capture calls' paths, without any import, so paths.ts (on the first
 * page) stays free of schemas.
 */
/** The API paths of the capture calls (spread into ApiPath). `/private/` ones need the user's session. */
export const CapturePath = {
  /** POST { level, step }: a new link for the phone (QR code and short link); earlier open links of the step end. */
  handoffCreate: '/v1/private/capture/handoff/create',
  /** GET ?id=: the desktop's live view of a link: status and the pictures that arrived. */
  handoffStatus: '/v1/private/capture/handoff/status',
  /** POST { id }: the desktop ends a link (and the phone's session with it). */
  handoffRevoke: '/v1/private/capture/handoff/revoke',
  /** POST { token }: the phone opens the link once; the reply sets the phone's handoff cookie. */
  handoffOpen: '/v1/capture/handoff/open',
  /** GET: what the phone's handoff allows (level, step, kinds) and what it sent. */
  handoffSession: '/v1/capture/handoff/session',
  /** POST multipart (kind, file): a picture from the phone, stored as the user's draft. */
  handoffUpload: '/v1/capture/handoff/upload-document',
  /** POST {}: the phone is done; the desktop moves on. */
  handoffComplete: '/v1/capture/handoff/complete',
  /** POST { level }: a random liveness challenge for the selfie (after biometric consent). */
  livenessStart: '/v1/private/capture/liveness/start',
  /** POST { level }: the same through a phone's handoff. */
  handoffLivenessStart: '/v1/capture/handoff/liveness/start',
} as const;
