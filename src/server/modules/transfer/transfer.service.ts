import { randomUUID } from 'node:crypto';
import {
  KycTransferVerifyStatus,
  OPEN_PHASES,
  STATUS_OF_PHASE,
  TransferOutcome,
  TransferPhase,
  TransferSide,
  TransferStepCode,
  type IdentityTransferRequest,
  type IdentityTransferSubject,
  type TransferStatusResult,
  type TransferVerifyRequest,
  type TransferVerifyResult,
  type TransferView,
} from '../../../shared/api/identity-transfer.ts';
import { KycLevel } from '../../../shared/kyc.ts';
import { DecisionOutcome, SubjectKind } from '../../../shared/review.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, wrongState } from '../../errors.ts';
import { publishIn } from '../events/events.service.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { IdentityTransferKyc } from '../kyc/kyc.service.ts';
import type { OtpService } from '../otp/otp.service.ts';
import { maskEmail } from '../otp/otp.service.ts';
import type { ReviewCase, ReviewDecision, ReviewService, ReviewSubjectHandler } from '../review/review.service.ts';
import { applyEvent, readSteps } from '../steps/steps.service.ts';
import { evaluateTransferRules, type TransferFacts } from './transfer-rules.ts';
import { TRANSFER_MACHINE, TRANSFER_STEP, TransferEvent } from './transfer.machine.ts';
import * as repo from './transfer.repo.ts';
import { transferPersonalData } from './personal-data.ts';

export interface TransferAccountsPort {
  userIdByEmail(email: string): Promise<string | undefined>;
  usersByIds(ids: readonly string[]): Promise<Map<string, { id: string; email: string; role: string }>>;
}

const ENTITY = 'identity_transfer';
const DAY_MS = 86_400_000;

/** The e-mailed code of one side of one transfer (a code of one never opens another). */
export const codePurpose = (transferId: string, side: TransferSide) => `identity_transfer:${transferId}:${side}`;

/** The phase in which each side has something to confirm. */
const AWAITING: Readonly<Record<TransferSide, TransferPhase>> = { source: TransferPhase.AWAITING_SOURCE_CODE, target: TransferPhase.AWAITING_TARGET };

/**
 * Identity transfer (issue 12, docs/decisions/029): the source consents (POST /v1/kyc/identity),
 * each side confirms with an e-mailed code (transfer/verify), then the identity moves at once or
 * after a reviewer's approval when a rule asks for one. Every phase change is a TRANSFER_MACHINE
 * event in a transaction with its audit record.
 */
export function createTransferService({ db, review, otp, accounts, kyc, sites }: { db: Db; review: ReviewService; otp: OtpService; accounts: TransferAccountsPort; kyc: IdentityTransferKyc; sites: { siteOf(userId: string, q?: Db): Promise<string> } }) {
  const phaseOf = async (q: Db, id: string): Promise<TransferPhase> => (await readSteps(q, TRANSFER_MACHINE, id))[TRANSFER_STEP];
  // The machine's subject is the transfer, not a user: its event (decision 050) is written here, with both accounts.
  const apply = async (trx: Db, id: string, event: TransferEvent, actor: Actor, context: Record<string, unknown> = {}) => {
    const from = await phaseOf(trx, id);
    const to = await applyEvent(trx, { machine: TRANSFER_MACHINE, subjectId: id, step: TRANSFER_STEP, event, actor, context });
    const row = await repo.findTransfer(trx, id);
    if (row) await publishIn(trx, 'kyc.identity_transfer.status_changed', { userId: row.source_user_id, targetUserId: row.target_user_id, transferId: id, previousPhase: from, phase: to, cause: event });
    return to;
  };

  async function factsOf(q: Db, sourceUserId: string, sourceSite: string, targetSite: string): Promise<TransferFacts> {
    const identity = await kyc.identityOf(sourceUserId, q);
    const verifiedDaysAgo = identity.verifiedAt ? Math.floor((Date.now() - Date.parse(identity.verifiedAt)) / DAY_MS) : 0;
    return { sourceSite, targetSite, level: identity.level, residenceCountry: identity.residenceCountry, verifiedDaysAgo };
  }

  async function view(q: Db, row: repo.TransferRow, userId: string): Promise<TransferView> {
    const side = row.source_user_id === userId ? TransferSide.source : TransferSide.target;
    const phase = await phaseOf(q, row.id);
    const other = side === TransferSide.source ? row.target_user_id : row.source_user_id;
    const email = (await accounts.usersByIds([other])).get(other)?.email ?? '';
    return {
      transferId: row.id,
      side,
      status: STATUS_OF_PHASE[phase],
      phase,
      sourceSite: row.source_site,
      targetSite: row.target_site,
      counterpart: email ? maskEmail(email) : '',
      level: row.level === 2 ? KycLevel.LEVEL_2 : KycLevel.LEVEL_1,
      actionRequired: phase === AWAITING[side],
      reviewRequired: (JSON.parse(row.review_rules) as string[]).length > 0,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** Moves the identity (in `trx`): the target receives it and both accounts are free again. */
  async function complete(trx: Db, row: repo.TransferRow, event: TransferEvent, actor: Actor) {
    if (!(await kyc.canReceive(row.target_user_id, row.level, trx))) throw wrongState('the target account can no longer receive the identity');
    await apply(trx, row.id, event, actor);
    await kyc.receive(trx, { sourceUserId: row.source_user_id, targetUserId: row.target_user_id, level: row.level, transferId: row.id }, actor);
    await repo.close(trx, row.id, nowIso(), true);
  }

  const reviewHandler: ReviewSubjectHandler = {
    async apply(trx: Db, c: ReviewCase, decision: ReviewDecision, actor: Actor) {
      const row = await repo.findTransfer(trx, c.subjectId);
      if (!row) throw notFound();
      if (decision.outcome === DecisionOutcome.APPROVE) {
        await complete(trx, row, TransferEvent.APPROVE, actor);
      } else {
        await apply(trx, row.id, TransferEvent.REJECT, actor, { reasonCode: decision.reasonCode });
        await repo.close(trx, row.id, nowIso(), false);
      }
      return { subjectStatus: STATUS_OF_PHASE[await phaseOf(trx, row.id)] };
    },
  };

  return {
    /** What the module holds about a user, for the data export and erasure (decision 031). */
    personalData: transferPersonalData,
    reviewHandler,

    /** POST /v1/kyc/identity: the source's consent; the transfer then waits for the source's code. */
    async start(sourceUserId: string, input: IdentityTransferRequest, actor: Actor): Promise<TransferView> {
      const identity = await kyc.identityOf(sourceUserId);
      if (identity.level < KycLevel.LEVEL_1) throw wrongState('only a verified identity can be transferred');
      const targetUserId = await accounts.userIdByEmail(input.targetEmail);
      const target = targetUserId ? (await accounts.usersByIds([targetUserId])).get(targetUserId) : undefined;
      // One answer for an unknown address, a staff account and the caller's own: nothing is revealed.
      if (!target || target.role !== 'user' || target.id === sourceUserId) throw wrongState('no account on another site can receive this identity');
      const [sourceSite, targetSite] = [await sites.siteOf(sourceUserId, db), await sites.siteOf(target.id, db)];
      if (sourceSite === targetSite) throw wrongState('no account on another site can receive this identity');
      const rules = evaluateTransferRules(await factsOf(db, sourceUserId, sourceSite, targetSite));
      if (rules.refusedBy) throw wrongState(`transfer refused: ${rules.refusedBy}`);
      if (!(await kyc.canReceive(target.id, identity.level))) throw wrongState('the target account can not receive this identity');

      // The view is read after the commit: accounts reads through `db` (SQLite has one connection).
      const row = await inTransaction(
        db,
        async (trx) => {
          // A transfer the source has not finished confirming is replaced; one under review is not.
          const previous = await repo.findOpenAsSource(trx, sourceUserId);
          if (previous) {
            if ((await phaseOf(trx, previous.id)) === TransferPhase.IN_REVIEW) throw wrongState('a transfer is under review');
            await apply(trx, previous.id, TransferEvent.CANCEL, actor, { cause: 'replaced' });
            await repo.close(trx, previous.id, nowIso(), false);
          }
          // One open transfer per account, on either side: an identity never moves while its holder's is moving.
          if ((await repo.findOpenAsTarget(trx, target.id)) || (await repo.findOpenAsSource(trx, target.id))) throw wrongState('the target account is already in a transfer');
          if (await repo.findOpenAsTarget(trx, sourceUserId)) throw wrongState('this account is receiving an identity');
          const at = nowIso();
          const row: repo.TransferRow = {
            id: randomUUID(),
            source_user_id: sourceUserId,
            target_user_id: target.id,
            source_site: sourceSite,
            target_site: targetSite,
            level: identity.level,
            open_source: sourceUserId,
            open_target: target.id,
            review_rules: '[]',
            created_at: at,
            updated_at: at,
            completed_at: null,
          };
          await repo.insertTransfer(trx, row);
          await recordAudit(trx, actor, { action: 'identity_transfer.start', entityType: ENTITY, entityId: row.id, after: { sourceUserId, targetUserId: target.id, sourceSite, targetSite, level: row.level, consent: true } });
          await apply(trx, row.id, TransferEvent.CONSENT, actor);
          return row;
        },
        'a transfer is already under way',
      );
      return view(db, row, sourceUserId);
    },

    /**
     * POST /v1/kyc/transfer/verify: the caller's side confirms. Without a code one is mailed (§8
     * 30101); a wrong one counts against the code's few attempts (the otp module).
     */
    async verify(userId: string, input: TransferVerifyRequest, lng: string, actor: Actor): Promise<TransferVerifyResult> {
      const row = await repo.findTransfer(db, input.transferId);
      const owner = row && (input.side === TransferSide.source ? row.source_user_id : row.target_user_id);
      // Another user's transfer, or the other side of one's own, is not found: nothing is revealed.
      if (!row || owner !== userId) throw notFound();
      if ((await phaseOf(db, row.id)) !== AWAITING[input.side]) throw wrongState(`nothing to confirm on the ${input.side} side`);
      const purpose = codePurpose(row.id, input.side);
      if (!input.code) return otp.require(userId, purpose, lng, actor);
      await otp.consume(userId, purpose, input.code, actor);

      const facts = input.side === TransferSide.target ? await factsOf(db, row.source_user_id, row.source_site, row.target_site) : null;
      const outcome = await inTransaction(db, async (trx): Promise<TransferOutcome> => {
        if (input.side === TransferSide.source) {
          await apply(trx, row.id, TransferEvent.SOURCE_VERIFIED, actor);
          await repo.touch(trx, row.id, nowIso());
          return TransferOutcome.pending;
        }
        // The rules are evaluated again now: the source's facts may have changed since the consent.
        const rules = evaluateTransferRules(facts!);
        if (rules.refusedBy) throw wrongState(`transfer refused: ${rules.refusedBy}`);
        if (rules.reviewBy.length > 0) {
          await apply(trx, row.id, TransferEvent.TARGET_VERIFIED_REVIEW, actor, { rules: rules.reviewBy });
          await repo.setReviewRules(trx, row.id, rules.reviewBy, nowIso());
          await review.openCase(trx, { kind: SubjectKind.IDENTITY_TRANSFER, subjectId: row.id, userId: row.target_user_id, level: row.level, country: facts!.residenceCountry }, actor);
          return TransferOutcome.pending;
        }
        await complete(trx, row, TransferEvent.TARGET_VERIFIED, actor);
        return TransferOutcome.success;
      });
      const transfer = await view(db, (await repo.findTransfer(db, row.id))!, userId);
      const stepCode = transfer.status === KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_COMPLETE ? TransferStepCode.IDENTITY_TRANSFER_AFTER : TransferStepCode.IDENTITY_TRANSFER_BEFORE;
      return { outcome, transfer, stepCode };
    },

    /** POST /v1/kyc/transfer/status: the caller's transfer (either side) and the §8 step code. */
    async status(userId: string): Promise<TransferStatusResult> {
      const row = await repo.findLatestOf(db, userId);
      if (!row) return { transfer: null, stepCode: null };
      const transfer = await view(db, row, userId);
      const stepCode =
        transfer.status === KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_COMPLETE
          ? TransferStepCode.IDENTITY_TRANSFER_AFTER
          : OPEN_PHASES.includes(transfer.phase)
            ? TransferStepCode.IDENTITY_TRANSFER_BEFORE
            : null;
      return { transfer, stepCode };
    },

    /**
     * §3 second_identity_state from the rows alone (one statement: kyc-info's budget, issue 15): an
     * open transfer is PENDING once its review rules are set (only on entering review), else
     * UNDEFINED; a completed one COMPLETE; none (or only ended ones) null.
     */
    async secondIdentityStateOf(userId: string, q: Db = db): Promise<KycTransferVerifyStatus | null> {
      const rows = await repo.findAllOf(q, userId);
      const open = rows.find((r) => r.open_source !== null);
      if (open) return JSON.parse(open.review_rules).length > 0 ? KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_PENDING : KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_UNDEFINED;
      return rows.some((r) => r.completed_at !== null) ? KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_COMPLETE : null;
    },

    /** The console's view of an IDENTITY_TRANSFER case. */
    async forReview(c: ReviewCase): Promise<IdentityTransferSubject> {
      const row = await repo.findTransfer(db, c.subjectId);
      if (!row) throw notFound();
      const phase = await phaseOf(db, row.id);
      const users = await accounts.usersByIds([row.source_user_id, row.target_user_id]);
      const identity = await kyc.identityOf(row.source_user_id);
      return {
        kind: SubjectKind.IDENTITY_TRANSFER,
        transferId: row.id,
        phase,
        status: STATUS_OF_PHASE[phase],
        source: { userId: row.source_user_id, email: users.get(row.source_user_id)?.email ?? '', site: row.source_site },
        target: { userId: row.target_user_id, email: users.get(row.target_user_id)?.email ?? '', site: row.target_site },
        level: row.level === 2 ? KycLevel.LEVEL_2 : KycLevel.LEVEL_1,
        identity: { firstName: identity.firstName, lastName: identity.lastName, dateOfBirth: identity.dateOfBirth, nationality: identity.nationality, residenceCountry: identity.residenceCountry },
        rules: JSON.parse(row.review_rules) as string[],
        createdAt: row.created_at,
      };
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
