import type { RejectMode, RejectReasonCode } from '../../../shared/review-reasons.ts';
import type { KycFlow, Provider, VerifiableLevel } from '../../../shared/kyc.ts';

/**
 * The provider port (ARCHITECTURE §7, docs/decisions/014): what every verification provider — the
 * in-house one and each vendor adapter (Sumsub, Onfido, Jumio, IDnow, AAI) — does for the rest of the
 * server. Types only: modules depend on this shape, never on an adapter.
 */

/** A verification session started for a user and a level. */
export interface VerificationSession {
  provider: Provider;
  level: VerifiableLevel;
  flowName: KycFlow;
  /** The vendor's API base the web SDK talks to; '' for the in-house provider (our own API). */
  apiUrl: string;
  /** A short-lived token for the vendor's web SDK; '' when the provider needs none. */
  token: string;
  /** When `token` stops working (ISO time), or null. */
  expiresAt: string | null;
  /** The vendor's id of the applicant / workflow run, to match its webhooks; null in-house. */
  externalId: string | null;
}

/**
 * What the web needs to start the session: the in-house capture screens, or a vendor's SDK with
 * its token. The browser renders this; it never learns a vendor secret.
 */
export type WebStart =
  | { mode: 'IN_HOUSE'; provider: Provider; flowName: KycFlow }
  | { mode: 'VENDOR_SDK'; provider: Provider; flowName: KycFlow; apiUrl: string; token: string; expiresAt: string | null };

/** A request as it reached us: headers and the exact bytes (signatures are computed over them). */
export interface IncomingWebhook {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/** A provider's outcome for one applicant and level, mapped to our vocabulary. */
export type ProviderOutcome =
  | { status: 'PENDING' }
  | { status: 'APPROVED' }
  | { status: 'REJECTED'; mode: RejectMode; reasonCode: RejectReasonCode; userMessage: string; internalNote: string };

/** A verified webhook: who it is about and what the provider decided. */
export interface ProviderWebhookEvent {
  provider: Provider;
  /** The provider's id of this delivery, for replay protection (each is processed once). */
  eventId: string;
  /** Our user id as we gave it to the provider when the session was created. */
  userId: string;
  level: VerifiableLevel;
  externalId: string | null;
  outcome: ProviderOutcome;
}

export interface VerificationProvider {
  readonly id: Provider;
  /** Starts (or resumes) a verification session for the user and level. */
  createSession(input: { userId: string; level: VerifiableLevel }): Promise<VerificationSession>;
  /** What the web needs to start `session`. */
  webStart(session: VerificationSession): WebStart;
  /**
   * Checks a webhook's signature and freshness and parses it. Throws for anything unsigned, badly
   * signed, stale or malformed; nothing is trusted before this returns.
   */
  parseWebhook(request: IncomingWebhook): Promise<ProviderWebhookEvent>;
  /** Asks the provider for the current outcome (webhooks can be lost; vendors advise re-fetching). */
  fetchResult(input: { userId: string; level: VerifiableLevel; externalId: string | null }): Promise<ProviderOutcome>;
}
