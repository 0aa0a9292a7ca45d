import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Landed migrations never change (issue 26, docs/decisions/036): a database migrated by a migration's
 * earlier text keeps what that text made, so an edit reaches only new databases. Each migration file's
 * SHA-256 is recorded in `migrations/checksums.json` when it lands; a test compares them (`npm test`).
 */
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
export const CHECKSUMS_FILE = path.join(MIGRATIONS_DIR, 'checksums.json');
/** How to record a new migration (the test's failure message says it too). */
export const RECORD_COMMAND = 'npx node scripts/record-migration-checksums.ts';

/** The migration files: `NNN-name.ts`, not tests, fixtures or the index. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-[\w-]+\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .sort();
}

/** SHA-256 of a migration's text, line endings normalised (a checkout with CRLF is the same text). */
export function checksumOf(file: string, dir = MIGRATIONS_DIR): string {
  return createHash('sha256').update(readFileSync(path.join(dir, file), 'utf8').replace(/\r\n/g, '\n')).digest('hex');
}

export function recordedChecksums(file = CHECKSUMS_FILE): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** What differs between the files and the record: new (unrecorded), changed, and missing (recorded, no file). */
export function compareChecksums(recorded: Readonly<Record<string, string>>, dir = MIGRATIONS_DIR): { added: string[]; changed: string[]; missing: string[] } {
  const files = migrationFiles(dir);
  return {
    added: files.filter((f) => recorded[f] === undefined),
    changed: files.filter((f) => recorded[f] !== undefined && recorded[f] !== checksumOf(f, dir)),
    missing: Object.keys(recorded).filter((f) => !files.includes(f)),
  };
}
