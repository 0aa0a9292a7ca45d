import type { RejectMode, RejectReasonCode } from '../../../shared/review-reasons.ts';
import type { KycFlow, Provider, VerifiableLevel } from '../../../shared/kyc.ts';
import type { QuickKycIdType } from '../../../shared/quick-kyc.ts';

/**
 * The provider port (ARCHITECTURE §7, docs/decisions/014 and 016): what every verification provider
 * — the in-house one and each vendor adapter (Sumsub, Onfido, Jumio, IDnow, AAI) — does for the rest
 * of the server. Types only: modules depend on this shape, never on an adapter.
 */

/** What a session is started with. */
export interface SessionRequest {
  /** Our user id; vendors get it (or a reference derived from it), never personal data. */
  userId: string;
  level: VerifiableLevel;
  /** Where a hosted vendor page sends the browser back to (REDIRECT vendors). */
  returnUrl: string;
  /** Our webhook for vendors that take the callback address per session (Jumio, AAI, IDnow). */
  callbackUrl: string;
  /** The user's language (an IETF tag such as de-DE) for the vendor's screens. */
  language: string;
  /**
   * VERIFICATION (first verification of the level; the default) or REVERIFICATION (the user sends a
   * new document of a verified level, decision 017): a vendor that keeps one applicant per user must
   * open it to a new submission (Sumsub: reset).
   */
  purpose?: 'VERIFICATION' | 'REVERIFICATION';
}

/** How the browser starts the session. */
export type Launch =
  | { mode: 'IN_HOUSE' }
  /** Load the vendor's web SDK script and launch it with the token (Sumsub, Onfido). */
  | { mode: 'SCRIPT'; sdkUrl: string; token: string }
  /** Send the browser to the vendor's hosted page (Jumio, IDnow, AAI). */
  | { mode: 'REDIRECT'; url: string };

/** A verification session started for a user and a level. */
export interface VerificationSession {
  provider: Provider;
  level: VerifiableLevel;
  flowName: KycFlow;
  /** The vendor's API base its SDK talks to; '' for the in-house provider (our own API). */
  apiUrl: string;
  /** The vendor's id of the applicant / workflow run its webhooks name; null in-house. */
  externalId: string | null;
  launch: Launch;
  /** When the token or URL stops working (ISO time), or null. */
  expiresAt: string | null;
}

/** A request as it reached us: headers, query and the exact bytes (signatures are computed over them). */
export interface IncomingWebhook {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
  rawBody: Buffer;
}

/** A provider's outcome for one applicant and level, mapped to our vocabulary. */
export type ProviderOutcome =
  | { status: 'PENDING' }
  | { status: 'APPROVED' }
  | {
      status: 'REJECTED';
      mode: RejectMode;
      /** The main reason (the decision's reason code). */
      reasonCode: RejectReasonCode;
      /** Every reason the vendor gave, mapped to the taxonomy (the user sees each, translated). */
      reasonCodes: RejectReasonCode[];
      /** What the vendor says the user may read ('' when nothing). */
      userMessage: string;
      /** What only reviewers read: the vendor's own labels and private comment. */
      internalNote: string;
    };

/** A verified webhook: whom it is about, when it happened and what the provider decided. */
export interface ProviderWebhookEvent {
  provider: Provider;
  /** The delivery's identity for replay protection: the same delivery twice is processed once. */
  eventId: string;
  /** The vendor's event name (for the log and the audit). */
  type: string;
  /** The vendor's applicant / workflow id that the session stored. */
  externalId: string;
  /** The level the vendor names (its level / workflow), or null when it does not say. */
  level: VerifiableLevel | null;
  /** When the vendor says it happened (ms since epoch): an older event never undoes a newer one. */
  occurredAt: number;
  /** The outcome it carries; null for events that change nothing here (created, viewed…). */
  outcome: ProviderOutcome | null;
}

/** Origins the vendor's browser part needs, per CSP directive (added to our CSP when configured). */
export interface VendorOrigins {
  script: string[];
  frame: string[];
  connect: string[];
  img: string[];
}

/**
 * A check without a document photo (§2 vendor route, decision 019): an identity number and the
 * person's name and date of birth, compared by the provider with a government or bank registry.
 */
export interface NonDocCheckInput {
  userId: string;
  /** Our reference for this check (the application it will become): one vendor record per check. */
  reference: string;
  /** Country of residence, ISO 3166-1 alpha-2 (adapters convert to what their vendor wants). */
  country: string;
  idType: QuickKycIdType;
  /** Digits only (normalized and format-checked by the caller). */
  idNumber: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
}

/** The registry's answer about the number: found and matching, found for someone else, or unknown. */
export type RegistryMatch = 'MATCH' | 'MISMATCH' | 'NOT_FOUND';

export interface NonDocCheckResult {
  /** The vendor's applicant / verification id of this check (where its evidence lives). */
  externalId: string;
  /** The vendor's id of the check itself. */
  checkId: string;
  registry: RegistryMatch;
  /** APPROVED for a match; a RETRY rejection otherwise (the user still has the document path). */
  outcome: Exclude<ProviderOutcome, { status: 'PENDING' }>;
}

export interface VerificationProvider {
  readonly id: Provider;
  /** Starts (or resumes) a verification session for the user and level. */
  createSession(input: SessionRequest): Promise<VerificationSession>;
  /**
   * Checks a webhook's authenticity (signature over the raw body, or the vendor's own record when
   * it does not sign) and parses it. Throws WebhookRejected for anything unsigned, badly signed or
   * malformed; nothing is trusted before this returns.
   */
  parseWebhook(request: IncomingWebhook): Promise<ProviderWebhookEvent>;
  /** Asks the provider for the current outcome (webhooks can be lost; vendors advise re-fetching). */
  fetchResult(input: { userId: string; level: VerifiableLevel; externalId: string | null }): Promise<ProviderOutcome>;
  /** What the page's CSP must allow for this provider's SDK or hosted page. */
  origins(): VendorOrigins;
  /**
   * Registry checks without a document (optional: only providers that offer them). Answers once
   * the registry did; throws VendorUnavailableError / VendorProtocolError when it cannot say.
   */
  nonDocCheck?(input: NonDocCheckInput): Promise<NonDocCheckResult>;
  /** Which countries (alpha-2) and numbers nonDocCheck covers on this deployment. */
  nonDocCoverage?(): readonly { country: string; idType: QuickKycIdType }[];
}
