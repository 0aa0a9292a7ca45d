/**
 * Loads the country risk lists (the FATF's "call for action" and "increased monitoring" lists, and
 * any other country list compliance keeps) into the configured database, then re-assesses the
 * verified users of the listed countries (decision 041):
 *   npm run risk-list-load -- path/to/lists.json [--by <administrator e-mail>]
 * The file is JSON `{ format, reflects, lists: [{ code, name, sourceUrl, publishedOn, countries }] }`
 * (see src/server/modules/risk-lists/shipped/). A file that is not that format is refused whole (where
 * and why are printed, exit status 1) and the lists in use stay. The load is audited (the
 * administrator named with --by, else the system) and becomes the next version.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/index.ts';
import { BusinessError } from '../src/server/errors.ts';
import { createServices } from '../src/server/services.ts';
import { actorOf, fileAndBy } from './cli-args.ts';

const { file, by } = fileAndBy('npm run risk-list-load -- <lists.json> [--by <administrator e-mail>]');
const config = loadConfig();
const db = createDb(config.database);
try {
  await migrate(db);
  const services = createServices(db, config);
  const actor = await actorOf(by, (email) => services.accounts.userByEmail(email));
  const loaded = await services.riskLists.load(readFileSync(file, 'utf8'), basename(file), actor);
  const lists = (await services.riskLists.current())!;
  console.log(`Risk lists version ${loaded.version} loaded (sha256 ${loaded.sha256}): ${lists.document.reflects}`);
  for (const l of lists.document.lists) console.log(`  ${l.code}: ${l.countries.length} countries, published ${l.publishedOn} (${l.sourceUrl})`);
  const { row, stale } = await services.riskLists.info();
  if (stale) console.warn(`Warning: the oldest list was published on ${row?.published_on ?? ''}, more than four months ago: are these the current lists?`);
  const run = await services.riskLists.reassess(actor);
  console.log(`Re-assessed ${run?.checked ?? 0} verified users of the listed countries; ${run?.enteredEdd ?? 0} put into enhanced due diligence.`);
} catch (err) {
  const fields = err instanceof BusinessError ? (err.result.fields as { params?: { at: string; problem: string } }[] | undefined) : undefined;
  const p = fields?.[0]?.params;
  console.error(p ? `Refused: ${p.at} ${p.problem}. The lists in use are unchanged.` : `Failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
