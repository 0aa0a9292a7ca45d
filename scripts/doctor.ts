/**
 * `npm run doctor`: is this configuration ready for real users? Reads the same environment as the
 * server (loadConfig) and its database, then lists every unsafe or incomplete setting with what to
 * do (src/server/readiness.ts, decision 035). Exit code 1 on any blocker, 0 otherwise; nothing is
 * written (a database that does not exist yet is not created).
 */
import { existsSync } from 'node:fs';
import { loadConfig, type Config } from '../src/server/config.ts';
import { createDb } from '../src/server/db/index.ts';
import { createServices } from '../src/server/services.ts';
import { checkReadiness, formatReadiness, hasBlocker, readinessFacts, type ReadinessFacts } from '../src/server/readiness.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // The server would refuse to start: each problem is a blocker of its own.
  const message = err instanceof Error ? err.message : String(err);
  const problems = message.replace(/^Invalid configuration: /, '').split(/; (?=[A-Z_/]+:)/);
  console.log(`The server would not start: ${problems.length} blocker(s) in the configuration.\n`);
  for (const p of problems) console.log(`BLOCKER  ${p}\n`);
  process.exit(1);
}

async function factsOf(config: Config): Promise<ReadinessFacts & { note?: string }> {
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file)) return { administratorExists: false, note: `no database yet at ${config.database.file}` };
  const db = createDb(config.database);
  try {
    return await readinessFacts(createServices(db, config).staff);
  } catch (err) {
    // Not migrated yet (the server migrates at start), or unreachable: said, and no administrator known.
    return { administratorExists: false, note: `database not readable: ${err instanceof Error ? err.message : String(err)}` };
  } finally {
    await db.destroy();
  }
}

const facts = await factsOf(config);
const items = checkReadiness(config, facts);
console.log(`Checked: ${config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.database.file}, listening on ${config.host}:${config.port}${facts.note ? ` (${facts.note})` : ''}.\n`);
for (const line of formatReadiness(items)) console.log(line);
process.exitCode = hasBlocker(items) ? 1 : 0;
