import { readFileSync } from 'node:fs';
import type { Actor } from '../modules/audit/audit.service.ts';
import { entityOf, ListFileReader, startYenteFake, type ScreeningService, type YenteFake } from '../modules/screening/screening.service.ts';
import type { Config } from '../config.ts';

const SYSTEM: Actor = { type: 'system', id: null };
/** The shipped sample list (fictional people; decision 026): one of them is the demo user screening-hit@example.com. */
export const SAMPLE_LIST_URL = new URL('../modules/screening/sample/targets.simple.csv', import.meta.url);

/**
 * Loads the sample sanctions/PEP list when no list is loaded yet (seeding runs again on restarts),
 * before the demo users are verified, so each is screened at its level-1 approval as a real one is.
 */
export async function seedScreeningList(screening: Pick<ScreeningService, 'currentListVersion' | 'loadList' | 'engineKind' | 'catalog'>): Promise<void> {
  // With yente the list lives there (decision 043; in demo mode its local fake holds this sample): its
  // version is recorded now, so the demo users are screened at their approval as with a loaded list.
  if (screening.engineKind === 'yente') {
    await screening.catalog.runDue().catch(() => 0);
    return;
  }
  if ((await screening.currentListVersion()) !== null) return;
  await screening.loadList(readFileSync(SAMPLE_LIST_URL, 'utf8'), 'sample targets.simple.csv', SYSTEM);
}

/**
 * Demo mode with SCREENING_ENGINE=yente and no YENTE_URL (decision 043): yente's local fake on
 * 127.0.0.1 holding the sample list, and the config pointed at it. Never outside demo mode.
 */
export async function startDemoYente(config: Config): Promise<{ config: Config; fake: YenteFake } | null> {
  const yente = config.screening.yente;
  if (!yente || yente.url) return null;
  if (!config.demo) throw new Error("yente's local fake runs in demo mode only (DEMO)");
  const reader = new ListFileReader();
  const entries = [...reader.push(readFileSync(SAMPLE_LIST_URL, 'utf8')), ...reader.end()];
  const fake = await startYenteFake({ dataset: yente.dataset, entities: entries.map(entityOf), ...(yente.apiKey ? { apiKey: yente.apiKey } : {}) });
  return { config: { ...config, screening: { ...config.screening, yente: { ...yente, url: fake.origin } } }, fake };
}
