import { SEARCH_CASES_PER_USER, SEARCH_USERS_MAX, SearchMatch, type ConsoleSearchResult } from '../../../shared/api/console-search.ts';
import type { Db } from '../../db/index.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { ReverificationService } from '../reverification/reverification.service.ts';
import type { ReviewService } from '../review/review.service.ts';

export interface ConsoleSearchDeps {
  db: Db;
  review: Pick<ReviewService, 'getCase' | 'recentCasesOfUsers'>;
  accounts: Pick<AccountsService, 'usersByIds' | 'userByEmail'>;
  kyc: Pick<KycService, 'usersByName' | 'namesOf' | 'usersByDocumentNumber'>;
  reverification: Pick<ReverificationService, 'usersByDocumentNumber'>;
}

/** A search is kept in the audit trail (who looked for whom), without the text typed: it may be personal data. */
export const SEARCH_ACTION = 'console.search';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A document number: letters, digits and the separators printed on documents; at least one digit. */
const DOCUMENT_NUMBER = /^(?=.*\d)[A-Za-z0-9 /.-]{2,32}$/;
/** A name: letters (any script), apostrophes, hyphens, spaces. */
const NAME = /^[\p{L}\p{M}' .-]+$/u;

/**
 * The console's search (decision 051). The text decides where to look, and every look is an exact
 * match on an index of the module that owns the data:
 * - a UUID: a case id (the case and its user), else a user id;
 * - with an `@`: an e-mail (stored lower case, unique);
 * - otherwise a name (whole words, kyc's name indexes) and, when it has a digit, a document number
 *   (kyc applications and re-verification updates).
 * No LIKE '%…%' scan: a partial e-mail or name finds nothing, a full one finds the user in one step.
 */
export function createConsoleSearch({ db, review, accounts, kyc, reverification }: ConsoleSearchDeps) {
  /** What the text matches: the kind of match, the users (a few more than listed, to tell "truncated"), the case. */
  async function find(text: string): Promise<{ matchedBy: SearchMatch | null; userIds: string[]; caseId: string | null }> {
    const limit = SEARCH_USERS_MAX + 1;
    if (UUID.test(text)) {
      const id = text.toLowerCase();
      const kase = await review.getCase(id);
      if (kase) return { matchedBy: SearchMatch.CASE_ID, userIds: [kase.userId], caseId: kase.id };
      const user = (await accounts.usersByIds([id])).get(id);
      return user ? { matchedBy: SearchMatch.USER_ID, userIds: [user.id], caseId: null } : { matchedBy: null, userIds: [], caseId: null };
    }
    if (text.includes('@')) {
      const user = await accounts.userByEmail(text);
      return user ? { matchedBy: SearchMatch.EMAIL, userIds: [user.id], caseId: null } : { matchedBy: null, userIds: [], caseId: null };
    }
    if (NAME.test(text)) {
      const words = text.split(/\s+/).filter(Boolean);
      const ids = await kyc.usersByName(words, limit);
      if (ids.length > 0) return { matchedBy: SearchMatch.NAME, userIds: ids, caseId: null };
    }
    if (DOCUMENT_NUMBER.test(text)) {
      // As typed, and in capitals (numbers are printed in capitals; a reviewer may type them in lower case).
      const numbers = [...new Set([text, text.toUpperCase()])];
      const found = await Promise.all(numbers.flatMap((n) => [kyc.usersByDocumentNumber(n, limit), reverification.usersByDocumentNumber(n, limit)]));
      const ids = [...new Set(found.flat())];
      if (ids.length > 0) return { matchedBy: SearchMatch.DOCUMENT_NUMBER, userIds: ids, caseId: null };
    }
    return { matchedBy: null, userIds: [], caseId: null };
  }

  return {
    async search(text: string, actor: Actor): Promise<ConsoleSearchResult> {
      const found = await find(text.trim());
      const userIds = found.userIds.slice(0, SEARCH_USERS_MAX);
      const [users, names, cases] = await Promise.all([accounts.usersByIds(userIds), kyc.namesOf(userIds), review.recentCasesOfUsers(userIds, SEARCH_CASES_PER_USER)]);
      if (userIds.length > 0) {
        await recordAudit(db, actor, { action: SEARCH_ACTION, entityType: 'console_search', entityId: actor.id ?? 'unknown', after: { matchedBy: found.matchedBy, userIds } });
      }
      return {
        matchedBy: found.matchedBy,
        caseId: found.caseId,
        truncated: found.userIds.length > SEARCH_USERS_MAX,
        users: userIds.flatMap((id) => {
          const user = users.get(id);
          if (!user) return [];
          return [
            {
              id,
              email: user.email,
              name: names.get(id) ?? '',
              createdAt: user.createdAt,
              cases: (cases.get(id) ?? []).map((c) => ({ id: c.id, kind: c.subjectKind, status: c.status, level: c.level, openedAt: c.openedAt })),
            },
          ];
        }),
      };
    },
  };
}

export type ConsoleSearch = ReturnType<typeof createConsoleSearch>;
