import type { ReasonTemplate, ReasonTemplatesResult, SaveReasonTemplateRequest, UserReasonTemplatesResult } from '../../../shared/api/reason-templates.ts';
import { SHIPPED_LANGUAGES } from '../../../shared/languages.ts';
import type { RejectReasonCode } from '../../../shared/review-reasons.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './reason-templates.repo.ts';

const ENTITY = 'reason_template';

const toTemplate = (r: repo.TemplateRow): ReasonTemplate => ({ reasonCode: r.reason_code as RejectReasonCode, language: r.language, text: r.text, updatedAt: r.updated_at, updatedBy: r.updated_by });

/**
 * The languages whose templates a reader of `lang` is shown, best first: the language itself when
 * shipped (en-US, zh-HK…), then its base when that is shipped (en-US → en). Nothing else: a template
 * in another language than the reader's is not a translation.
 */
export function languagesFor(lang: string): string[] {
  const shipped = SHIPPED_LANGUAGES as readonly string[];
  const exact = shipped.find((l) => l.toLowerCase() === lang.toLowerCase());
  const base = shipped.find((l) => l.toLowerCase() === lang.split('-')[0]!.toLowerCase());
  return [...new Set([exact, base].filter((l): l is string => l !== undefined))];
}

/**
 * Reviewer message templates per reject reason (issue 28, decision 052): data an administrator
 * controls, one text per reason and language; each change is one transaction with its audit record.
 */
export function createReasonTemplatesService({ db }: { db: Db }) {
  return {
    /** Console: every template (the reject form and the administrators' editor). */
    async all(): Promise<ReasonTemplatesResult> {
      return { templates: (await repo.findAll(db)).map(toTemplate) };
    },

    /** Console (administrators): sets one reason's template in one language; an empty text removes it. Audited with before and after. */
    async save(input: Required<SaveReasonTemplateRequest>, actor: Actor): Promise<ReasonTemplatesResult> {
      await inTransaction(
        db,
        async (trx) => {
          const before = await repo.find(trx, input.reasonCode, input.language);
          if (input.text === '') {
            if (!before) return;
            await repo.remove(trx, input.reasonCode, input.language);
          } else {
            if (before?.text === input.text) return;
            await repo.upsert(trx, { reason_code: input.reasonCode, language: input.language, text: input.text, updated_by: actor.id, updated_at: nowIso() });
          }
          await recordAudit(trx, actor, {
            action: input.text === '' ? 'reason_template.remove' : 'reason_template.save',
            entityType: ENTITY,
            entityId: `${input.reasonCode}:${input.language}`,
            before: before ? { text: before.text } : null,
            after: input.text === '' ? null : { text: input.text },
          });
        },
        'template changed concurrently',
      );
      return this.all();
    },

    /** The user's: the templates a reader of `lang` is shown, by reason (the reader's language first, then its base). */
    async forLanguage(lang: string): Promise<UserReasonTemplatesResult> {
      const languages = languagesFor(lang);
      if (languages.length === 0) return { language: lang, templates: {} };
      const rows = await repo.findOfLanguages(db, languages);
      const templates: Record<string, string> = {};
      for (const language of [...languages].reverse()) for (const r of rows) if (r.language === language) templates[r.reason_code] = r.text;
      return { language: languages[0]!, templates };
    },
  };
}

export type ReasonTemplatesService = ReturnType<typeof createReasonTemplatesService>;
