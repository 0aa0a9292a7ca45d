import { randomUUID } from 'node:crypto';
import type { ApplicationSnapshot } from '../../../shared/api/console.ts';
import type { TrafficDiversionResult, VendorTokenResult, VerificationSdkInfoResult } from '../../../shared/api/vendor.ts';
import { isCountryEnabled } from '../../../shared/countries.ts';
import { DocumentType, flowForLevel, Provider, StepStatus, type VerifiableLevel } from '../../../shared/kyc.ts';
import { SubjectKind } from '../../../shared/review.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import {
  VendorProtocolError,
  VendorUnavailableError,
  type IncomingWebhook,
  type ProviderOutcome,
  type ProvidersService,
  type ProviderWebhookEvent,
  type RoutingInput,
} from '../providers/providers.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import { decideAsProvider, openVendorApplication } from './vendor-application.ts';
import type { KycReads, KycSteps } from './kyc-steps.ts';
import type { StoredSteps } from './kyc.machine.ts';
import { SUBMITTABLE } from './kyc-steps.ts';
import { toPersonalInfo } from './personal-info.ts';
import * as repo from './kyc.repo.ts';
import * as vendors from './vendor.repo.ts';

const SESSION_ENTITY = 'vendor_session';
/** How far a vendor's event time may be before an update session's start and still be about it. */
const VENDOR_CLOCK_TOLERANCE_MS = 60_000;

/** What happened to one webhook delivery (stored with it, logged, and answered to tests). */
export type WebhookResult = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unknown_applicant' | 'overridden';

/**
 * What a vendor session is for (migration 019): first verification of a level, whose events decide
 * a KYC application, or an update asked for by re-verification, whose events decide a
 * REVERIFICATION case and never an application (decision 017, "Updates at a vendor").
 */
export const SessionPurpose = { VERIFICATION: 'VERIFICATION', REVERIFICATION: 'REVERIFICATION' } as const;

/**
 * Re-verification's side of an update session's events (late-bound: that module is built on this
 * one). `apply` runs in the delivery's transaction; `after`, when given, runs once it committed
 * (the decision's e-mail).
 */
export interface VendorUpdateEvents {
  /** `residence`: the user's residence country (the update's case is filed under it). */
  apply(trx: Db, session: vendors.VendorSessionRow, outcome: ProviderOutcome, residence: string, actor: Actor): Promise<{ result: WebhookResult; submissionId?: string; after?: () => Promise<void> }>;
}

/** How an update session is started: the request it answers and where a hosted page sends the user back. */
export interface UpdateSessionLink {
  requestId: string;
  /** Our page the vendor's hosted page returns to (path under the web app, e.g. /user/accounts/auth/updatekyc). */
  returnPath: string;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

interface Deps {
  db: Db;
  steps: KycSteps;
  review: ReviewService;
  providers: ProvidersService;
  log: Logger;
  /** Re-verification's handling of update sessions' events (late-bound). */
  updates?: VendorUpdateEvents;
}

/** Where our server is reached from outside (vendors' callbacks, their pages' way back). */
export interface PublicAddress {
  origin: string;
  language: string;
}

/**
 * Verification through vendors (docs/decisions/016): which provider serves a user (routing rules,
 * traffic diversion, and the provider of an open application kept), starting a vendor session
 * (vendor-token), and what a vendor's webhook does. A vendor's submission becomes an application
 * with a review case like an in-house one; its result is the case's decision with actor
 * `provider`, so the console shows it and the same step events follow.
 */
export function createVendorVerification({ db, steps, review, providers, log, updates }: Deps) {
  /**
   * The provider for a user and level: the open application's or session's provider, else the rules'.
   * `known`: the personal information and steps the caller has just read in `q` (kyc-info), not read again.
   */
  async function choose(userId: string, level: VerifiableLevel, site: RoutingInput['site'], q: Db = db, known?: KycReads): Promise<TrafficDiversionResult> {
    const personal = known ? known.personal : await repo.findPersonalInfo(q, userId);
    const rule = providers.choose({ site, country: personal?.residence_country ?? '', level, userId });
    const pending = await repo.findPendingApplication(q, userId, level);
    const kept = pending?.provider ?? (await openSessionProvider(q, userId, level, known?.stored));
    if (kept && providers.find(kept as Provider)) {
      return { level, provider: kept as Provider, bucket: rule.bucket, reason: 'OPEN_APPLICATION', split: rule.split };
    }
    return { level, provider: rule.provider, bucket: rule.bucket, reason: rule.matched ? 'RULE' : 'DEFAULT', split: rule.split };
  }

  /** A session counts as open while its level is not decided for good: started, or rejected with a retry. */
  async function openSessionProvider(q: Db, userId: string, level: VerifiableLevel, stored?: StoredSteps): Promise<string | null> {
    const session = await vendors.latestSession(q, userId, level);
    if (!session) return null;
    const status = (stored ?? (await steps.load(q, userId)))[level];
    return status === StepStatus.ALLOW || status === StepStatus.FAILED_AND_CAN_RETRY ? session.provider : null;
  }

  /** Creates the application (and its review case) for a vendor's submission, in `trx`; null when the level cannot take one. */
  async function openApplication(trx: Db, session: vendors.VendorSessionRow, actor: Actor): Promise<string | null> {
    const level = session.level as VerifiableLevel;
    const current = (await steps.load(trx, session.user_id))[level];
    if (!SUBMITTABLE.has(current)) return null;
    const personalRow = await repo.lockPersonalInfo(trx, session.user_id);
    if (!personalRow) return null;
    const snapshot: ApplicationSnapshot = { personalInfo: toPersonalInfo(personalRow), vendor: { provider: session.provider as Provider, externalId: session.external_id } };
    const id = await openVendorApplication(
      trx,
      { steps, review },
      // The vendor collected the document; which one it was lives in its record.
      { userId: session.user_id, level, provider: session.provider as Provider, country: personalRow.residence_country, documentType: DocumentType.UNDEFINED, snapshot, externalId: session.external_id },
      actor,
    );
    await vendors.setApplication(trx, session.id, id);
    return id;
  }

  /**
   * Carries one verified event out, in one transaction; what it did is stored with the delivery.
   * An update session's event goes to re-verification only: it never reaches an application.
   */
  async function applyEvent(event: ProviderWebhookEvent): Promise<{ result: WebhookResult; after?: () => Promise<void> }> {
    const actor: Actor = { type: 'provider', id: event.provider };
    const at = new Date(event.occurredAt).toISOString();
    return inTransaction(db, async (trx) => {
      const fresh = await vendors.recordEvent(trx, { provider: event.provider, event_id: event.eventId, type: event.type, external_id: event.externalId, result: 'applied', received_at: nowIso() });
      if (!fresh) return { result: 'duplicate' as const };
      const finish = async (result: WebhookResult, after?: () => Promise<void>) => {
        if (result !== 'applied') await vendors.setEventResult(trx, event.provider, event.eventId, result);
        return after ? { result, after } : { result };
      };
      const session = await vendors.sessionForEvent(trx, event.provider, event.externalId, event.level);
      if (!session) return finish('unknown_applicant');
      // Vendors that keep one applicant per user (Sumsub) name the same applicant for the first
      // verification and for an update: the newest session gets the event. Whatever happened
      // before an update session existed (a late result of the first verification) is not about
      // the update, and must not decide it. The vendor's clock is not ours and some stamp to the
      // second (Onfido): a minute's tolerance, far shorter than any real gap (the update is asked
      // for days after the first verification, and the user needs minutes to send it).
      if (session.purpose === SessionPurpose.REVERIFICATION && event.occurredAt < Date.parse(session.created_at) - VENDOR_CLOCK_TOLERANCE_MS) return finish('stale');
      if ((await vendors.advanceClock(trx, session.id, at)) !== 1) return finish('stale');
      if (!event.outcome) return finish('ignored');
      if (session.purpose === SessionPurpose.REVERIFICATION) {
        if (!updates) return finish('ignored');
        const personal = await repo.findPersonalInfo(trx, session.user_id);
        const done = await updates.apply(trx, session, event.outcome, personal?.residence_country ?? '', actor);
        // The session now names its update (once: a new attempt is a new session).
        if (done.submissionId && (await vendors.setUpdateSubmission(trx, session.id, done.submissionId)) !== 1) throw new Error('update session already has its submission');
        return finish(done.result, done.after);
      }
      const level = session.level as VerifiableLevel;

      const pending = await repo.findPendingApplication(trx, session.user_id, level);
      // A reviewer overrode the provider's decision on this verification (or is about to, four-eyes):
      // a result the vendor sends again, or changes on its side, must not silently undo that. It is
      // recorded and logged; only a new submission at the vendor (a retry) opens a new application.
      if (!pending && event.outcome.status !== 'PENDING' && session.application_id && (await review.overriddenByReviewer(trx, SubjectKind.KYC_APPLICATION, session.application_id))) {
        return finish('overridden');
      }
      const applicationId = pending?.id ?? (await openApplication(trx, session, actor));
      if (!applicationId) return finish('ignored');
      if (event.outcome.status === 'PENDING') return finish(pending ? 'ignored' : 'applied');

      await decideAsProvider(trx, review, applicationId, level, event.outcome, actor);
      return finish('applied');
    });
  }

  /**
   * Starts (or resumes) a session with `provider` for the level and records it with its purpose.
   * Nothing is stored unless the vendor answered. An update session is resumed only while the
   * vendor has not reported a submission for it: a new attempt after a decision is a new session.
   */
  async function startSession(userId: string, level: VerifiableLevel, provider: Provider, address: PublicAddress, actor: Actor, update: UpdateSessionLink | null): Promise<VendorTokenResult> {
    const vendor = providers.get(provider);
    const webhook = `${address.origin}/x-api/v1/webhooks/${provider.replace('PROVIDER_', '').toLowerCase()}`;
    // `since`: when this attempt began (our clock), so the page it returns to tells this attempt's
    // result from an older one, also after a reload (issue 27).
    const since = `since=${encodeURIComponent(nowIso())}`;
    const returnUrl = update ? `${address.origin}${update.returnPath}?vendor=done&${since}` : `${address.origin}/user/accounts/auth/kyc?level=${level}&vendor=done&${since}`;
    const purpose = update ? SessionPurpose.REVERIFICATION : SessionPurpose.VERIFICATION;
    let session;
    try {
      session = await vendor.createSession({ userId, level, returnUrl, callbackUrl: webhook, language: address.language, purpose });
    } catch (err) {
      if (err instanceof VendorUnavailableError || err instanceof VendorProtocolError) {
        log.warn({ err, provider, userId, level, purpose }, 'vendor session could not be started');
        throw new BusinessError(RetCode.KYC_PROVIDER_UNAVAILABLE, 'verification provider unavailable', { provider });
      }
      throw err;
    }
    const externalId = session.externalId ?? '';
    await inTransaction(db, async (trx) => {
      // The newest session with this vendor id gets its events (sessionForEvent): it is resumed only
      // when it is this very attempt — the same purpose (and request, not yet submitted) — so a
      // vendor that keeps one applicant per user never sends an update's events to first
      // verification, or the other way round.
      const newest = await vendors.sessionForEvent(trx, provider, externalId, level);
      const resumed = newest && newest.user_id === userId && newest.purpose === purpose && (!update || (newest.reverification_request_id === update.requestId && newest.reverification_submission_id === null));
      if (resumed) return;
      const id = randomUUID();
      await vendors.insertSession(trx, {
        id,
        user_id: userId,
        level,
        provider,
        external_id: externalId,
        created_at: nowIso(),
        last_event_at: null,
        application_id: null,
        purpose,
        reverification_request_id: update?.requestId ?? null,
        reverification_submission_id: null,
      });
      await recordAudit(trx, actor, { action: 'kyc.vendor.session.start', entityType: SESSION_ENTITY, entityId: id, after: { userId, level, provider, externalId, purpose, ...(update ? { requestId: update.requestId } : {}) } });
    });
    const launch = session.launch;
    return {
      level,
      provider,
      flowName: session.flowName,
      mode: launch.mode === 'REDIRECT' ? 'REDIRECT' : 'SCRIPT',
      apiUrl: session.apiUrl,
      sdkUrl: launch.mode === 'SCRIPT' ? launch.sdkUrl : '',
      token: launch.mode === 'SCRIPT' ? launch.token : '',
      url: launch.mode === 'REDIRECT' ? launch.url : '',
      externalId,
      expiresAt: session.expiresAt,
    };
  }

  return {
    choose,

    /** POST traffic-diversion. */
    trafficDiversion: (userId: string, level: VerifiableLevel, site: RoutingInput['site']) => choose(userId, level, site),

    /** POST get-verification-sdk-info: the provider and how its SDK starts, before any token. */
    async sdkInfo(userId: string, level: VerifiableLevel, site: RoutingInput['site']): Promise<VerificationSdkInfoResult> {
      const { provider } = await choose(userId, level, site);
      const p = providers.get(provider);
      const origins = p.origins();
      const mode = provider === Provider.PROVIDER_DEFAULT ? null : origins.script.length > 0 ? 'SCRIPT' : 'REDIRECT';
      return { level, provider, flowName: flowForLevel(level), mode, apiUrl: origins.connect[0] ?? '', origins: [...new Set([...origins.script, ...origins.frame, ...origins.connect])] };
    },

    /**
     * POST vendor-token: starts (or resumes) the user's session with the provider that serves them
     * for the level. Only while the level accepts a submission, with personal information saved
     * (the residence decides the provider). Nothing is stored unless the vendor answered.
     */
    async vendorToken(userId: string, level: VerifiableLevel, site: RoutingInput['site'], address: PublicAddress, actor: Actor): Promise<VendorTokenResult> {
      await steps.reconcileAvailability(userId);
      await steps.assertAcceptsSubmission(db, userId, level);
      const personal = await repo.findPersonalInfo(db, userId);
      if (!personal) throw new BusinessError(RetCode.KYC_PERSONAL_INFO_REQUIRED, 'personal information required');
      if (!isCountryEnabled(personal.residence_country)) throw new BusinessError(RetCode.KYC_COUNTRY_NOT_SUPPORTED, 'country not supported');
      const { provider } = await choose(userId, level, site);
      if (provider === Provider.PROVIDER_DEFAULT) throw new BusinessError(RetCode.KYC_PROVIDER_MISMATCH, 'routed to the in-house provider', { provider });

      return startSession(userId, level, provider, address, actor, null);
    },

    /**
     * Re-verification (decision 017): a session with `provider` for an update of the level's
     * document, tied to the request it answers. The caller (re-verification) has checked that the
     * update is asked for and may be sent now.
     */
    startUpdateSession: (userId: string, level: VerifiableLevel, provider: Provider, link: UpdateSessionLink, address: PublicAddress, actor: Actor) => {
      if (provider === Provider.PROVIDER_DEFAULT) throw new BusinessError(RetCode.KYC_PROVIDER_MISMATCH, 'routed to the in-house provider', { provider });
      return startSession(userId, level, provider, address, actor, link);
    },

    /**
     * POST /v1/webhooks/<vendor>: verifies the delivery with the provider's adapter (which throws
     * WebhookRejected for anything unsigned, badly signed or malformed), then applies it once.
     */
    async receiveWebhook(provider: Provider, incoming: IncomingWebhook): Promise<WebhookResult> {
      const vendor = providers.find(provider);
      if (!vendor || provider === Provider.PROVIDER_DEFAULT) throw new BusinessError(RetCode.NOT_FOUND, 'no such provider here');
      const event = await vendor.parseWebhook(incoming);
      const { result, after } = await applyEvent(event);
      if (after) {
        // After the commit: a failure here (the e-mail) never undoes what was applied.
        await after().catch((err: unknown) => log.warn({ err, provider, eventId: event.eventId }, 'after a webhook: follow-up failed (the result stands)'));
      }
      const entry = { provider, type: event.type, externalId: event.externalId, eventId: event.eventId, result };
      if (result === 'unknown_applicant') log.warn(entry, 'webhook for an applicant we do not know');
      else if (result === 'overridden') log.warn(entry, 'vendor result after a reviewer overrode its decision: not applied');
      else log.info(entry, 'webhook processed');
      return result;
    },
  };
}

export type VendorVerification = ReturnType<typeof createVendorVerification>;
