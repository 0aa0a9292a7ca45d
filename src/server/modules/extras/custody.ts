import type { CustodyInfoValue, CustodyStateResult, FiatPopUpResult } from '../../../shared/api/extras-custody.ts';
import { AgreementProduct, CustodyEntity, EEA_COUNTRIES, EuMigration, FiatPopUpType, SecondIdentityState, type MemberTagName } from '../../../shared/extras.ts';
import { CustodyType, KycLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { CustodyAccountsTable } from '../../db/schema.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { Agreements } from './agreements.ts';
import * as repo from './custody.repo.ts';

/**
 * What custody rules need to know about the member, read by the caller before a write's transaction
 * (the kyc module reads outside it; SQLite has one connection). A level or residence that changes in
 * between only ever grows the user's level, never opens anything it should not.
 */
export interface MemberFacts {
  level: KycLevel;
  residenceCountry: string;
  tags: Record<string, string>;
  /** The Satos onboarding's appropriateness test (standardQuest) is passed (decision 052). */
  appropriatenessPassed: boolean;
}

const DEPOSIT_VERIFY_TAG: MemberTagName = 'SATOS_DEPOSIT_VERIFY_SEEN';

const infoOf = (row: CustodyAccountsTable | undefined): CustodyInfoValue | null =>
  row ? { entity: row.entity as CustodyEntity, since: row.since, euMigration: row.eu_migration as EuMigration, euMigratedAt: row.eu_migrated_at } : null;

/** The entity that holds a custody type's assets when a reviewer sets it. */
const ENTITY_OF: Record<Exclude<CustodyType, 'CUSTODY_UNSPECIFIED'>, CustodyEntity> = {
  CUSTODY_SATOS: CustodyEntity.SATOS_CZ,
  CUSTODY_BYBIT: CustodyEntity.BYBIT_GLOBAL,
};

/**
 * Custody arrangements (decision 025): no row is CUSTODY_UNSPECIFIED. The new Satos onboarding
 * (grey release by the NEW_SATOS_GRAY tag) makes an EEA resident with level 1 a Satos customer; the
 * move to the EU entity (offered by a reviewer to a Satos customer) is a guided flow that ends with
 * the EU entity's terms accepted and the assets with BYBIT_EU.
 */
export function createCustody({ db, agreements }: { db: Db; agreements: Agreements }) {
  const custodyOf = (row: CustodyAccountsTable | undefined): CustodyType => (row ? (row.custody as CustodyType) : CustodyType.CUSTODY_UNSPECIFIED);
  const newSatosGray = (m: MemberFacts) => m.tags.NEW_SATOS_GRAY === '1';
  // Decision 052: the custody is offered (and opened) only once the appropriateness test is passed.
  const canJoinNewSatos = (row: CustodyAccountsTable | undefined, m: MemberFacts) =>
    newSatosGray(m) && !row && m.level >= KycLevel.LEVEL_1 && EEA_COUNTRIES.includes(m.residenceCountry) && m.appropriatenessPassed;
  /** Everything but the test: the offer waits for the appropriateness test (the overview says so). */
  const awaitsAppropriateness = (row: CustodyAccountsTable | undefined, m: MemberFacts) => canJoinNewSatos(row, { ...m, appropriatenessPassed: true }) && !m.appropriatenessPassed;
  const canMoveToEu = (row: CustodyAccountsTable | undefined) => row?.custody === CustodyType.CUSTODY_SATOS && row.eu_migration === EuMigration.OFFERED;

  async function state(userId: string, m: MemberFacts, q: Db = db): Promise<CustodyStateResult> {
    const row = await repo.findCustody(q, userId);
    return { custody: custodyOf(row), custodyInfo: infoOf(row), newSatosGray: newSatosGray(m), canJoinNewSatos: canJoinNewSatos(row, m), canMoveToEu: canMoveToEu(row) };
  }

  /** §3 second_identity_state: the identity at the EU entity, while and after the move (null: none). */
  const secondIdentityState = (row: CustodyAccountsTable | undefined): SecondIdentityState | null =>
    row?.eu_migration === EuMigration.OFFERED
      ? SecondIdentityState.KYC_TRANSFER_VERIFY_STATUS_PENDING
      : row?.eu_migration === EuMigration.COMPLETED
        ? SecondIdentityState.KYC_TRANSFER_VERIFY_STATUS_COMPLETE
        : null;

  async function write(t: Db, userId: string, before: CustodyAccountsTable | undefined, after: CustodyAccountsTable | undefined, action: string, actor: Actor, extra: object = {}) {
    if (after) await repo.upsertCustody(t, after);
    else await repo.deleteCustody(t, userId);
    const view = (r: CustodyAccountsTable | undefined) => (r ? { custody: r.custody, entity: r.entity, euMigration: r.eu_migration } : { custody: CustodyType.CUSTODY_UNSPECIFIED });
    await recordAudit(t, actor, { action, entityType: 'user', entityId: userId, before: view(before), after: { ...view(after), ...extra } });
  }

  return {
    state,
    secondIdentityState,
    canJoinNewSatos,
    awaitsAppropriateness,
    canMoveToEu,
    newSatosGray,
    findRow: (userId: string, q: Db = db) => repo.findCustody(q, userId),
    custodyOf,
    infoOf,

    /** The new Satos onboarding: the member becomes a Satos customer (NEW_SATOS_NOT_OFFERED otherwise). */
    async joinNewSatos(userId: string, m: MemberFacts, actor: Actor): Promise<CustodyStateResult> {
      return inTransaction(db, async (t) => {
        const row = await repo.findCustody(t, userId, { lock: true });
        if (!canJoinNewSatos(row, m)) throw new BusinessError(RetCode.NEW_SATOS_NOT_OFFERED, 'new satos onboarding not offered');
        const at = nowIso();
        await write(t, userId, row, { user_id: userId, custody: CustodyType.CUSTODY_SATOS, entity: CustodyEntity.SATOS_CZ, since: at, eu_migration: EuMigration.NONE, eu_migrated_at: null, updated_at: at }, 'custody.new_satos.join', actor);
        return state(userId, m, t);
      });
    },

    /**
     * The last step of the Satos-to-EU flow, in one transaction: the EU entity's terms (the version
     * the user read) are accepted, and the custody moves to BYBIT_EU. SATOS_TO_EU_NOT_OFFERED when
     * the move is not offered (or done).
     */
    async confirmSatosToEu(userId: string, agreementVersion: number, m: MemberFacts, actor: Actor): Promise<CustodyStateResult> {
      return inTransaction(db, async (t) => {
        const row = await repo.findCustody(t, userId, { lock: true });
        if (!row || !canMoveToEu(row)) throw new BusinessError(RetCode.SATOS_TO_EU_NOT_OFFERED, 'satos to eu not offered');
        await agreements.apply(userId, AgreementProduct.SATOS_EU, agreementVersion, actor, t);
        const at = nowIso();
        await write(t, userId, row, { ...row, custody: CustodyType.CUSTODY_BYBIT, entity: CustodyEntity.BYBIT_EU, eu_migration: EuMigration.COMPLETED, eu_migrated_at: at, updated_at: at }, 'custody.satos_to_eu.complete', actor, { agreementVersion });
        return state(userId, m, t);
      });
    },

    /** A reviewer sets the custody (UNSPECIFIED removes it) and may offer a Satos customer the move to the EU entity. */
    async setByReviewer(userId: string, input: { custody: CustodyType; offerEuMigration: boolean; reason: string }, actor: Actor): Promise<void> {
      if (input.offerEuMigration && input.custody !== CustodyType.CUSTODY_SATOS) throw new BusinessError(RetCode.WRONG_STATE, 'only satos custody can move to the eu entity');
      await inTransaction(db, async (t) => {
        const row = await repo.findCustody(t, userId, { lock: true });
        const at = nowIso();
        const after: CustodyAccountsTable | undefined =
          input.custody === CustodyType.CUSTODY_UNSPECIFIED
            ? undefined
            : {
                user_id: userId,
                custody: input.custody,
                entity: row?.custody === input.custody ? row.entity : ENTITY_OF[input.custody],
                since: row?.custody === input.custody ? row.since : at,
                eu_migration: input.offerEuMigration ? EuMigration.OFFERED : row?.custody === input.custody ? row.eu_migration : EuMigration.NONE,
                eu_migrated_at: row?.custody === input.custody ? row.eu_migrated_at : null,
                updated_at: at,
              };
        await write(t, userId, row, after, 'custody.set', actor, { reason: input.reason });
      });
    },

    /** §7 satos_deposit_verify: shown to Satos customers until they acknowledge it (tag). */
    async fiatPopUp(userId: string | null, tags: Record<string, string>): Promise<FiatPopUpResult> {
      const row = userId ? await repo.findCustody(db, userId) : undefined;
      return { type: FiatPopUpType.SATOS_DEPOSIT_VERIFY, show: row?.custody === CustodyType.CUSTODY_SATOS && tags[DEPOSIT_VERIFY_TAG] !== '1', ackTag: DEPOSIT_VERIFY_TAG };
    },
  };
}

export type Custody = ReturnType<typeof createCustody>;
