import type { ScreeningHit } from '../../../../shared/api/screening.ts';
import type { ScreeningEngine } from '../engine.ts';
import { yenteListOf } from '../engine.ts';
import type { Matcher } from '../matcher.ts';
import * as repo from '../screening.repo.ts';

/**
 * The in-house engine (decisions 026, 038): the index of the loaded list version finds the entries,
 * their full rows are copied into the hits as evidence. A list version recorded from yente has no
 * entries here: screening against it would clear everybody, so it is refused (the job is retried
 * until a list file is loaded or SCREENING_ENGINE is yente again).
 */
export function createInhouseEngine(matcher: Matcher): ScreeningEngine {
  return {
    kind: 'inhouse',
    async hitsFor(q, list, person) {
      if (yenteListOf(list)) throw new Error(`list version ${list.version} is yente's (${list.source}): with SCREENING_ENGINE=inhouse, load a list file first`);
      const found = await matcher.match(q, list.version, person);
      const rows = new Map((await repo.findEntriesByIds(q, list.version, found.map((h) => h.entryId))).map((r) => [r.id, r]));
      return found.flatMap((m): ScreeningHit[] => {
        const e = rows.get(m.entryId);
        if (!e) return [];
        return [
          {
            entryId: e.id,
            name: e.name,
            aliases: JSON.parse(e.aliases) as string[],
            birthDates: JSON.parse(e.birth_dates) as string[],
            countries: JSON.parse(e.countries) as string[],
            sanctions: e.sanctions,
            dataset: e.dataset,
            lastChange: e.last_change,
            score: m.score,
            matchedName: m.matchedName,
            dob: m.dob,
          },
        ];
      });
    },
    close: async () => matcher.close?.(),
  };
}
