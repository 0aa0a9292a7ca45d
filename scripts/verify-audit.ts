/**
 * Checks the whole audit trail's hash chain on the configured database (decision 018):
 *   npm run verify-audit
 * Prints the number of entries and streams checked; on a broken chain, the first broken link (the
 * entry, its stream and number, what is wrong) and exits with status 1. The check is audited.
 */
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/index.ts';
import { createServices } from '../src/server/services.ts';

const config = loadConfig();
const db = createDb(config.database);
try {
  await migrate(db);
  const report = await createServices(db, config).records.verifyAudit({ type: 'system', id: 'verify-audit' });
  if (report.ok) {
    console.log(`Audit trail intact: ${report.entries} entries in ${report.streams} streams.`);
  } else {
    const b = report.firstBroken!;
    console.error(`Audit trail BROKEN in ${report.brokenStreams} stream(s). First broken link: entry ${b.entryId ?? '(none)'} of stream ${b.stream}, #${b.seq ?? '?'}, at ${b.at ?? '?'}: ${b.problem}.`);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
