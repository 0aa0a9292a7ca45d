/**
 * Records the checksum of every new migration in src/server/db/migrations/checksums.json (issue 26,
 * docs/decisions/036). Run it once when you add a migration, and commit the file with the migration.
 * It never rewrites a recorded checksum: a landed migration that changed is refused — put the old
 * text back and add a new migration that brings databases from it to what you need.
 */
import { writeFileSync } from 'node:fs';
import { CHECKSUMS_FILE, checksumOf, compareChecksums, recordedChecksums } from '../src/server/db/migration-checksums.ts';

const recorded = recordedChecksums();
const { added, changed, missing } = compareChecksums(recorded);
if (changed.length > 0 || missing.length > 0) {
  for (const f of changed) console.error(`landed migration changed: ${f} (restore it with git checkout; add a new migration instead)`);
  for (const f of missing) console.error(`landed migration removed: ${f} (restore it)`);
  process.exit(1);
}
const next = { ...recorded };
for (const f of added) next[f] = checksumOf(f);
const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(CHECKSUMS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(added.length ? `recorded: ${added.join(', ')}` : 'nothing new to record');
