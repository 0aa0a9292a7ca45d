import { z } from 'zod';

/**
 * The in-house capture's settings (docs/decisions/023), read from the environment by config.ts only.
 */
export const captureEnvSchema = {
  /** How long a "continue on your phone" link can be opened. */
  HANDOFF_LINK_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  /** How long the phone that opened a link may send pictures. */
  HANDOFF_SESSION_MINUTES: z.coerce.number().int().min(1).max(240).default(30),
  /** Links a user may make per hour (each is a credential: a burst is refused). */
  HANDOFF_LINKS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Link openings tried per IP address per hour, valid or not (guessing is pointless; still bounded). */
  HANDOFF_OPENS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Biometric data (liveness challenge frames and results) is kept this many days after its level's decision. */
  BIOMETRIC_RETENTION_DAYS: z.coerce.number().int().min(0).default(90),
  /** Worker threads reading faces for liveness checks (decision 039); 0 (the default): the cores less one, 1 to 4. */
  FACE_THREADS: z.coerce.number().int().min(0).max(32).default(0),
  /** Liveness checks that may wait for a face thread; beyond, a finish is refused with 40011 (try again). */
  FACE_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** How much lower the face threads' CPU priority is (Linux nice 0–19): requests on the event loop go first. */
  FACE_NICE: z.coerce.number().int().min(0).max(19).default(19),
  /** How often a server looks for selfies and document fronts to compare (decision 045); 0: never on its own. */
  FACE_MATCH_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(2),
};

type CaptureEnv = { [K in keyof typeof captureEnvSchema]: z.output<(typeof captureEnvSchema)[K]> };

export function captureConfigOf(e: CaptureEnv) {
  return {
    handoffLinkMs: e.HANDOFF_LINK_MINUTES * 60_000,
    handoffSessionMs: e.HANDOFF_SESSION_MINUTES * 60_000,
    handoffLinksPerHour: e.HANDOFF_LINKS_PER_HOUR,
    handoffOpensPerHour: e.HANDOFF_OPENS_PER_HOUR,
    biometricRetentionDays: e.BIOMETRIC_RETENTION_DAYS,
    faceThreads: e.FACE_THREADS,
    faceQueue: e.FACE_QUEUE,
    faceNice: e.FACE_NICE,
    faceMatchPollMs: Math.round(e.FACE_MATCH_POLL_SECONDS * 1000),
  };
}
export type CaptureConfig = ReturnType<typeof captureConfigOf>;
