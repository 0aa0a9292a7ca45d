import { randomUUID } from 'node:crypto';
import {
  LEVEL_OF_TARGET,
  LIMITATION_REVERIFICATION_OVERDUE,
  MAX_DEADLINE_DAYS,
  overdueReason,
  REVERIFICATION_TARGETS,
  ReverificationReason,
  ReverificationRule,
  ReverificationTarget,
  type RequestReverification,
  type RequestReverificationResult,
  type ResetEuPoiResult,
  type ReverificationInfo,
  type ReverificationItem,
  type UpdatePoiDisplay,
} from '../../../shared/api/reverification.ts';
import { todayIso } from '../../../shared/api/calendar.ts';
import { UserRole } from '../../../shared/api/accounts.ts';
import { DisplayUpdatePOIStatus, LIMITATION_DEFAULT } from '../../../shared/kyc.ts';
import { Site } from '../../../shared/sites.ts';
import { ValidationMessage } from '../../../shared/validation.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ValidationFailed, wrongState } from '../../errors.ts';
import { languageForCountry } from '../../mail/templates.ts';
import type { Actor } from '../audit/audit.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { RoutingInput } from '../providers/providers.service.ts';
import { applyEvent, readSteps } from '../steps/steps.service.ts';
import { ACCEPTS_SUBMISSION, AWAITING_USER, REVERIFICATION_MACHINE, ReverificationEvent } from './reverification.machine.ts';
import type { ReverificationDeps } from './ports.ts';
import { createSubmissions } from './submissions.ts';
import { createVendorUpdates } from './vendor-updates.ts';
import * as repo from './reverification.repo.ts';
import { reverificationPersonalData } from './personal-data.ts';

type Status = DisplayUpdatePOIStatus;
const S = DisplayUpdatePOIStatus;
/** Statuses in which a new document is asked for and not sent (the risk rules' DOCUMENT_UPDATE_DUE). */
const UPDATE_REQUESTED: ReadonlySet<string> = new Set([S.DisplayUpdatePOIStatus_Needed, S.DisplayUpdatePOIStatus_Rejected, S.DisplayUpdatePOIStatus_Rejected_Daily]);
const SYSTEM: Actor = { type: 'system', id: null };
/** How long an EU-migrated user has to verify their identity with the EU entity. */
export const EU_RESET_DEADLINE_DAYS = 30;

/** Where a request was made from: the host's region (provider routing) and origin (links in mail). */
export interface RequestPlace {
  site: RoutingInput['site'];
  origin: string;
}

const startOfDay = (day: string) => `${day}T00:00:00.000Z`;
const addDays = (day: string, days: number) => new Date(Date.parse(startOfDay(day)) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Re-verification (issue 10, decision 017): requests to verify a document again, the user's updates
 * (submissions.ts), their review-case handler, the §3 update-POI display object and the overdue
 * limitation for kyc-info, the EU reset, and the account's regulated site.
 */
export function createReverificationService(deps: ReverificationDeps) {
  const { db, kyc, accounts, mailer, templates } = deps;

  const apply = (trx: Db, userId: string, target: ReverificationTarget, event: ReverificationEvent, actor: Actor, context: Record<string, unknown> = {}) =>
    applyEvent(trx, { machine: REVERIFICATION_MACHINE, subjectId: userId, step: target, event, actor, context });

  /** The account's regulated site ('' = the main one). */
  async function siteOf(q: Db, userId: string): Promise<string> {
    return (await repo.findSite(q, userId))?.site ?? '';
  }

  /**
   * The statuses now. A _Rejected_Daily from an earlier (UTC) day opens again first (NEW_DAY, by the
   * system): the daily limit is a rule of the day, so it ends on its own without a job.
   */
  async function statuses(userId: string): Promise<Record<ReverificationTarget, Status>> {
    const current = await readSteps(db, REVERIFICATION_MACHINE, userId);
    for (const target of REVERIFICATION_TARGETS) {
      if (current[target] !== S.DisplayUpdatePOIStatus_Rejected_Daily) continue;
      const rejectedToday = await repo.countRejectionsSince(db, userId, target, startOfDay(todayIso()));
      if (rejectedToday > 0) continue;
      try {
        current[target] = await inTransaction(db, (trx) => apply(trx, userId, target, ReverificationEvent.NEW_DAY, SYSTEM, { cause: 'new day' }));
      } catch {
        // Someone else moved it on at the same moment: read what they left.
        current[target] = (await readSteps(db, REVERIFICATION_MACHINE, userId))[target];
      }
    }
    return current;
  }

  async function residenceOf(userId: string): Promise<string> {
    return (await kyc.getPersonalInfo(userId)).info?.residenceCountry ?? '';
  }

  /** §2: site and country both Turkey: the flow is completed in the mobile app. */
  const isAppOnly = (site: string, country: string) => site === Site.TUR && country === 'TR';

  const submissions = createSubmissions({ ...deps, apply, statuses, siteOf, isAppOnly });
  const vendorUpdates = createVendorUpdates({ db, review: deps.review, kyc, gate: submissions.gate, apply, reviewHandler: submissions.reviewHandler });

  async function rejectionOf(userId: string, target: ReverificationTarget) {
    const latest = (await repo.findSubmissionsOfUser(db, userId, target))[0];
    if (!latest || latest.status !== repo.SubmissionStatus.REJECTED) return null;
    return submissions.decisionOf(latest.id);
  }

  /** The open request of every target, read at once; `item` takes its target's. */
  async function openRequestsOf(userId: string) {
    const rows = await repo.findOpenRequests(db, userId, REVERIFICATION_TARGETS);
    return (target: ReverificationTarget) => rows.find((r) => r.open_key === `${userId}:${target}`);
  }

  /** `displayOnly`: what kyc-info shows (the display and the request's deadline), without the page's counts. */
  async function item(userId: string, target: ReverificationTarget, status: Status, site: string, country: string, at: Pick<RoutingInput, 'site'>, displayOnly = false, openRequest?: repo.RequestRow): Promise<ReverificationItem> {
    const request = openRequest;
    const rejection = status === S.DisplayUpdatePOIStatus_Rejected || status === S.DisplayUpdatePOIStatus_Rejected_Daily ? await rejectionOf(userId, target) : null;
    const pending =
      status === S.DisplayUpdatePOIStatus_Pending && !displayOnly ? (await repo.findSubmissionsOfUser(db, userId, target)).find((s) => s.status === repo.SubmissionStatus.PENDING) : undefined;
    const today = todayIso();
    return {
      target,
      display: { status, rejectReason: rejection?.reasonCode ?? '', siteInfo: { site, country } },
      request: request
        ? {
            id: request.id,
            reason: request.reason as ReverificationReason,
            message: request.message,
            deadline: request.deadline,
            requestedAt: request.requested_at,
            overdue: AWAITING_USER.has(status) && today > request.deadline,
          }
        : null,
      rejection,
      submittedAt: pending?.submitted_at ?? null,
      retryAfter: status === S.DisplayUpdatePOIStatus_Rejected_Daily ? startOfDay(addDays(today, 1)) : null,
      rejectionsToday: displayOnly ? 0 : await repo.countRejectionsSince(db, userId, target, startOfDay(today)),
      provider: deps.providers.route({ site: at.site, country, level: LEVEL_OF_TARGET[target] }).id,
    };
  }

  async function limitationOf(items: readonly ReverificationItem[]) {
    const reasons = items.filter((i) => i.request?.overdue).map((i) => overdueReason(i.target));
    const limitation = reasons.length > 0 ? LIMITATION_REVERIFICATION_OVERDUE : LIMITATION_DEFAULT;
    return { limitation, limitationInfo: { limitation, reasons } };
  }

  /** §7 reset-eu-poi is offered: an EU-site account with a verified identity that has not reset yet. */
  async function euResetOffered(userId: string, poi: Status, siteRow?: NonNullable<Awaited<ReturnType<typeof repo.findSite>>> | null): Promise<boolean> {
    // `siteRow`: already read (null: the account has none); undefined: read it here.
    const site = siteRow === undefined ? await repo.findSite(db, userId) : siteRow;
    if (!site || site.site !== Site.EU || site.eu_poi_reset_at !== null || poi !== S.DisplayUpdatePOIStatus_No) return false;
    return (await kyc.levelOf(userId)) >= 1;
  }

  async function info(userId: string, at: Pick<RoutingInput, 'site'>): Promise<ReverificationInfo> {
    const current = await statuses(userId);
    const site = await siteOf(db, userId);
    const country = await residenceOf(userId);
    const openRequest = await openRequestsOf(userId);
    const items = await Promise.all(REVERIFICATION_TARGETS.map((t) => item(userId, t, current[t], site, country, at, false, openRequest(t))));
    return {
      items,
      euPoiReset: await euResetOffered(userId, current.POI),
      level: await kyc.levelOf(userId),
      limitation: (await limitationOf(items)).limitation,
    };
  }

  return {
    /** What the risk rules ask of the identity document: when it last changed, and whether an update is asked for and not sent. */
    async documentFacts(userId: string): Promise<{ lastChangeAt: string | null; updateRequested: boolean }> {
      return {
        lastChangeAt: await repo.findLastApprovedAt(db, userId, 'POI'),
        updateRequested: UPDATE_REQUESTED.has((await readSteps(db, REVERIFICATION_MACHINE, userId)).POI),
      };
    },
    /** What the module holds about a user, for the data export and erasure (decision 031). */
    personalData: reverificationPersonalData,
    /** Carries out decisions on REVERIFICATION review cases (registered with the review module). */
    reviewHandler: submissions.reviewHandler,
    submitPoi: submissions.submitPoi,
    submitPoa: submissions.submitPoa,
    /** POST update-vendor-token: the update in the vendor's flow (vendor-updates.ts). */
    startVendorUpdate: vendorUpdates.startUpdate,
    /** Update sessions' webhook events, for kyc's webhook path (late-bound in services.ts). */
    vendorUpdateEvents: { apply: vendorUpdates.applyEvent },
    subjectForReview: submissions.subjectForReview,
    documentTypesOf: submissions.documentTypesOf,
    /** The limitation sweep's candidates (decision 061): users with an open request past its deadline, a page after `after`. */
    usersWithOverdueRequests: (after: string, limit: number) => repo.findUsersWithOverdueRequests(db, todayIso(), after, limit),
    /** The console's search (decision 051): users who sent an update with this document number. */
    usersByDocumentNumber: (number: string, limit: number) => repo.findUsersByDocumentNumber(db, number, limit),

    /** GET reverification: both documents, the EU reset offer, the level (quota) and the limitation. */
    info,

    /**
     * For kyc-info (§3): displayControl.displayUpdatePOI (and displayUpdatePOA), displayEuPoiReset,
     * and the limitation once a deadline passed without a submission.
     */
    async displayFor(userId: string, at: Pick<RoutingInput, 'site'>, known?: { residenceCountry: string }) {
      // Only what kyc-info shows (issue 15: it ran every statement of the reverification page):
      // no submission dates, daily counts or level; the residence country as kyc-info read it.
      const current = await statuses(userId);
      const siteRow = (await repo.findSite(db, userId)) ?? null;
      const country = known ? known.residenceCountry : await residenceOf(userId);
      const openRequest = await openRequestsOf(userId);
      const items = await Promise.all(REVERIFICATION_TARGETS.map((t) => item(userId, t, current[t], siteRow?.site ?? '', country, at, true, openRequest(t))));
      const byTarget = (t: ReverificationTarget): UpdatePoiDisplay => items.find((i) => i.target === t)!.display;
      return {
        displayUpdatePOI: byTarget(ReverificationTarget.POI),
        displayUpdatePOA: byTarget(ReverificationTarget.POA),
        displayEuPoiReset: await euResetOffered(userId, current.POI, siteRow),
        ...(await limitationOf(items)),
      };
    },

    /**
     * The documents module's upload gate for a verified level: photos of level 1 (POI) or 2 (POA) are
     * taken while an update of that document is asked for (_Needed, _Rejected) on the web.
     */
    async acceptsUpload(userId: string, level: 1 | 2, trx?: Db): Promise<boolean> {
      const target = level === 2 ? ReverificationTarget.POA : ReverificationTarget.POI;
      // Inside the upload's transaction only its connection may be used (SQLite has one): the
      // status is read again there; the rest was checked just before, outside it.
      if (trx) return ACCEPTS_SUBMISSION.has((await readSteps(trx, REVERIFICATION_MACHINE, userId))[target]);
      if (!ACCEPTS_SUBMISSION.has((await statuses(userId))[target])) return false;
      return !isAppOnly(await siteOf(db, userId), await residenceOf(userId));
    },

    /**
     * Console: a reviewer asks a user (by e-mail) to verify a document again, with a reason and a
     * deadline. Only for a document that is verified (POI: level 1, POA: level 2) and not already
     * asked for; the request, the status change (REQUEST) and the audit are one transaction; the user
     * is e-mailed in their residence country's language after it commits.
     */
    async request(input: RequestReverification, actor: Actor, place: RequestPlace): Promise<RequestReverificationResult> {
      if (actor.type !== 'reviewer') throw wrongState('only reviewers request re-verification');
      // Each refusal names its field (10001), so the reviewer's form says what to change.
      const user = await accounts.userByEmail(input.email);
      if (!user || user.role !== UserRole.USER) throw new ValidationFailed([{ path: 'email', code: ReverificationRule.UNKNOWN_USER }]);
      const today = todayIso();
      if (input.deadline <= today || input.deadline > addDays(today, MAX_DEADLINE_DAYS)) throw new ValidationFailed([{ path: 'deadline', code: ValidationMessage.RANGE }]);
      if ((await kyc.levelOf(user.id)) < LEVEL_OF_TARGET[input.target]) throw new ValidationFailed([{ path: 'target', code: ReverificationRule.NOT_VERIFIED }]);
      // Checked before for a clear answer; the unique open_key still settles a race (10012).
      if (await repo.findOpenRequest(db, user.id, input.target)) throw new ValidationFailed([{ path: 'target', code: ReverificationRule.ALREADY_REQUESTED }]);
      const id = randomUUID();
      const at = nowIso();
      const status = await inTransaction(db, async (trx) => {
        await repo.insertRequest(trx, {
          id,
          user_id: user.id,
          target: input.target,
          reason: input.reason,
          message: input.message,
          deadline: input.deadline,
          status: repo.RequestStatus.OPEN,
          open_key: `${user.id}:${input.target}`,
          requested_by: actor.id,
          requested_at: at,
          closed_at: null,
        });
        const to = await apply(trx, user.id, input.target, ReverificationEvent.REQUEST, actor, { requestId: id, reason: input.reason, deadline: input.deadline });
        await recordAudit(trx, actor, {
          action: 'reverification.request.open',
          entityType: 'reverification_request',
          entityId: id,
          after: { userId: user.id, target: input.target, reason: input.reason, message: input.message, deadline: input.deadline },
        });
        return to;
      }, 're-verification already requested');
      const lng = languageForCountry(await residenceOf(user.id));
      const page = input.target === ReverificationTarget.POI ? 'updatekyc' : 'updatePOA';
      await mailer.send(
        templates.render(lng, 'requested', user.email, {
          document: templates.t(lng, `target.${input.target}`),
          reason: templates.t(lng, `requestReason.${input.reason}`),
          message: input.message,
          deadline: input.deadline,
          link: `${place.origin}/user/accounts/auth/reverification`,
          page,
        }),
      );
      return { requestId: id, userId: user.id, target: input.target, status, deadline: input.deadline };
    },

    /**
     * §7 reset-eu-poi: an EU-site account asks to verify its identity again with the EU entity: a
     * POI request (reason EU_ENTITY_MIGRATION, the user's own) with a 30-day deadline; once only.
     */
    async resetEuPoi(userId: string, actor: Actor): Promise<ResetEuPoiResult> {
      const current = await statuses(userId);
      if (!(await euResetOffered(userId, current.POI))) throw wrongState('no EU identity reset is available for this account');
      const deadline = addDays(todayIso(), EU_RESET_DEADLINE_DAYS);
      const id = randomUUID();
      const at = nowIso();
      const status = await inTransaction(db, async (trx) => {
        if ((await repo.markEuReset(trx, userId, at)) !== 1) throw wrongState('EU identity reset already done');
        await repo.insertRequest(trx, {
          id,
          user_id: userId,
          target: ReverificationTarget.POI,
          reason: ReverificationReason.EU_ENTITY_MIGRATION,
          message: '',
          deadline,
          status: repo.RequestStatus.OPEN,
          open_key: `${userId}:${ReverificationTarget.POI}`,
          requested_by: null,
          requested_at: at,
          closed_at: null,
        });
        const to = await apply(trx, userId, ReverificationTarget.POI, ReverificationEvent.REQUEST, actor, { requestId: id, reason: ReverificationReason.EU_ENTITY_MIGRATION, deadline });
        await recordAudit(trx, actor, { action: 'reverification.eu_reset', entityType: 'reverification_request', entityId: id, after: { userId, target: ReverificationTarget.POI, deadline } });
        return to;
      }, 'EU identity reset already done');
      return { status, deadline };
    },

    /** The regulated site serving an account (operators, seeding): audited; '' is not a site. */
    async setSite(userId: string, site: Site, actor: Actor): Promise<void> {
      await inTransaction(db, async (trx) => {
        const before = await repo.findSite(trx, userId);
        await repo.upsertSite(trx, { user_id: userId, site, assigned_at: nowIso(), eu_poi_reset_at: before?.eu_poi_reset_at ?? null });
        await recordAudit(trx, actor, { action: 'account.site.set', entityType: 'account_site', entityId: userId, before: { site: before?.site ?? '' }, after: { site } });
      });
    },

    /** The account's regulated site ('' = main): the §3 siteInfo.site; identity transfers compare them (in their transaction). */
    siteOf: (userId: string, q: Db = db) => siteOf(q, userId),
  };
}

export type { ReverificationAccountsPort, ReverificationDeps, ReverificationDocumentsPort, ReverificationKycPort } from './ports.ts';
export type ReverificationService = ReturnType<typeof createReverificationService>;
