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

/** What happened to one webhook delivery (stored with it, logged, and answered to tests). */
export type WebhookResult = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unknown_applicant' | 'overridden';

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
export function createVendorVerification({ db, steps, review, providers, log }: Deps) {
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

  /** Carries one verified event out, in one transaction; what it did is stored with the delivery. */
  async function applyEvent(event: ProviderWebhookEvent): Promise<WebhookResult> {
    const actor: Actor = { type: 'provider', id: event.provider };
    const at = new Date(event.occurredAt).toISOString();
    return inTransaction(db, async (trx) => {
      const fresh = await vendors.recordEvent(trx, { provider: event.provider, event_id: event.eventId, type: event.type, external_id: event.externalId, result: 'applied', received_at: nowIso() });
      if (!fresh) return 'duplicate';
      const finish = async (result: WebhookResult) => {
        if (result !== 'applied') await vendors.setEventResult(trx, event.provider, event.eventId, result);
        return result;
      };
      const session = await vendors.sessionForEvent(trx, event.provider, event.externalId, event.level);
      if (!session) return finish('unknown_applicant');
      if ((await vendors.advanceClock(trx, session.id, at)) !== 1) return finish('stale');
      if (!event.outcome) return finish('ignored');
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

      const vendor = providers.get(provider);
      const webhook = `${address.origin}/x-api/v1/webhooks/${provider.replace('PROVIDER_', '').toLowerCase()}`;
      let session;
      try {
        session = await vendor.createSession({ userId, level, returnUrl: `${address.origin}/user/accounts/auth/kyc?level=${level}&vendor=done`, callbackUrl: webhook, language: address.language });
      } catch (err) {
        if (err instanceof VendorUnavailableError || err instanceof VendorProtocolError) {
          log.warn({ err, provider, userId, level }, 'vendor session could not be started');
          throw new BusinessError(RetCode.KYC_PROVIDER_UNAVAILABLE, 'verification provider unavailable', { provider });
        }
        throw err;
      }
      const externalId = session.externalId ?? '';
      await inTransaction(db, async (trx) => {
        if (await vendors.findSession(trx, userId, provider, externalId, level)) return;
        const id = randomUUID();
        await vendors.insertSession(trx, { id, user_id: userId, level, provider, external_id: externalId, created_at: nowIso(), last_event_at: null, application_id: null });
        await recordAudit(trx, actor, { action: 'kyc.vendor.session.start', entityType: SESSION_ENTITY, entityId: id, after: { userId, level, provider, externalId } });
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
    },

    /**
     * POST /v1/webhooks/<vendor>: verifies the delivery with the provider's adapter (which throws
     * WebhookRejected for anything unsigned, badly signed or malformed), then applies it once.
     */
    async receiveWebhook(provider: Provider, incoming: IncomingWebhook): Promise<WebhookResult> {
      const vendor = providers.find(provider);
      if (!vendor || provider === Provider.PROVIDER_DEFAULT) throw new BusinessError(RetCode.NOT_FOUND, 'no such provider here');
      const event = await vendor.parseWebhook(incoming);
      const result = await applyEvent(event);
      const entry = { provider, type: event.type, externalId: event.externalId, eventId: event.eventId, result };
      if (result === 'unknown_applicant') log.warn(entry, 'webhook for an applicant we do not know');
      else if (result === 'overridden') log.warn(entry, 'vendor result after a reviewer overrode its decision: not applied');
      else log.info(entry, 'webhook processed');
      return result;
    },
  };
}

export type VendorVerification = ReturnType<typeof createVendorVerification>;
