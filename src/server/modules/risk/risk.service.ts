import { randomUUID } from 'node:crypto';
import type { RiskInterceptResult, RiskScene } from '../../../shared/api/risk-intercept.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { ReverificationService } from '../reverification/reverification.service.ts';
import { RiskDecision as D } from '../../../shared/api/risk-intercept.ts';
import { evaluateRisk, type RiskFacts } from './risk-rules.ts';
import { riskPersonalData } from './personal-data.ts';

const HOUR_MS = 3_600_000;

export interface RiskCaller {
  userId: string | null;
  guid: string | null;
  /** The country a trusted proxy says the request comes from ('' unknown). */
  country: string;
}

/**
 * Risk intercepts (issue 12, docs/decisions/029): the facts about the caller are read here, the
 * verdict comes from the pure rules (risk-rules.ts), and every evaluation is stored with its facts
 * and audited (entity `risk_decision`) in one transaction.
 */
export function createRiskService({ db, residenceOf, reverification }: { db: Db; residenceOf(userId: string): Promise<string>; reverification: Pick<ReverificationService, 'documentFacts'> }) {
  async function userFacts(userId: string) {
    const document = await reverification.documentFacts(userId);
    const passed = await db.selectFrom('risk_decisions').select('country').distinct().where('user_id', '=', userId).where('decision', '=', D.PASS).where('country', '!=', '').execute();
    const residence = await residenceOf(userId);
    return {
      hoursSinceDocumentChange: document.lastChangeAt ? (Date.now() - Date.parse(document.lastChangeAt)) / HOUR_MS : null,
      documentUpdateRequested: document.updateRequested,
      // Countries the user passed from before, and where they live: anything else is new.
      knownCountries: [...passed.map((p) => p.country), ...(residence ? [residence] : [])],
    };
  }

  async function recentEvaluations(caller: RiskCaller): Promise<number> {
    if (!caller.userId && !caller.guid) return 1;
    const since = new Date(Date.now() - HOUR_MS).toISOString();
    const r = await db
      .selectFrom('risk_decisions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .$if(caller.userId !== null, (q) => q.where('user_id', '=', caller.userId!))
      .$if(caller.userId === null, (q) => q.where('guid', '=', caller.guid!).where('user_id', 'is', null))
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(r.n) + 1;
  }

  return {
    /** The user's risk intercepts, for the data export and erasure (decision 041). */
    personalData: riskPersonalData,
    /** Evaluates `scene` for the caller and stores the verdict (audited). */
    async intercept(scene: RiskScene, caller: RiskCaller, actor: Actor): Promise<RiskInterceptResult> {
      const known = caller.userId ? await userFacts(caller.userId) : { hoursSinceDocumentChange: null, documentUpdateRequested: false, knownCountries: [] };
      const facts: RiskFacts = { scene, signedIn: caller.userId !== null, hasGuid: caller.guid !== null, recentEvaluations: await recentEvaluations(caller), requestCountry: caller.country, ...known };
      const verdict = evaluateRisk(facts);
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('risk_decisions')
          .values({ id, user_id: caller.userId, guid: caller.guid, scene, country: caller.country, decision: verdict.decision, rule: verdict.rule, step_code: verdict.stepCode, facts: JSON.stringify(facts), created_at: nowIso() })
          .execute();
        await recordAudit(trx, actor, { action: 'risk.intercept', entityType: 'risk_decision', entityId: id, after: { scene, decision: verdict.decision, rule: verdict.rule, stepCode: verdict.stepCode, userId: caller.userId, guid: caller.guid } });
      });
      return { decision: verdict.decision, stepCode: verdict.stepCode, rule: verdict.rule, decisionId: id };
    },
  };
}

export type RiskService = ReturnType<typeof createRiskService>;
