import { readFileSync } from 'node:fs';
import type { Actor } from '../modules/audit/audit.service.ts';
import type { ScreeningService } from '../modules/screening/screening.service.ts';

const SYSTEM: Actor = { type: 'system', id: null };
/** The shipped sample list (fictional people; decision 026): one of them is the demo user screening-hit@example.com. */
export const SAMPLE_LIST_URL = new URL('../modules/screening/sample/targets.simple.csv', import.meta.url);

/**
 * Loads the sample sanctions/PEP list when no list is loaded yet (seeding runs again on restarts),
 * before the demo users are verified, so each is screened at its level-1 approval as a real one is.
 */
export async function seedScreeningList(screening: Pick<ScreeningService, 'currentListVersion' | 'loadList'>): Promise<void> {
  if ((await screening.currentListVersion()) !== null) return;
  await screening.loadList(readFileSync(SAMPLE_LIST_URL, 'utf8'), 'sample targets.simple.csv', SYSTEM);
}
