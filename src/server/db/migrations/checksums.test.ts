import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareChecksums, migrationFiles, RECORD_COMMAND, recordedChecksums } from '../migration-checksums.ts';
import { migrations } from './index.ts';

/**
 * Landed migrations never change (issue 26, docs/decisions/036): each migration file's text must
 * match the checksum recorded when it landed (checksums.json).
 */
describe('migration checksums', () => {
  it('every landed migration is exactly the text that landed, and every migration is recorded', () => {
    const { added, changed, missing } = compareChecksums(recordedChecksums());
    const problems = [
      ...changed.map(
        (f) =>
          `${f} changed after it landed. Databases already migrated keep what its earlier text made, so an edit never reaches them: ` +
          `restore it (git checkout <landed commit> -- src/server/db/migrations/${f}) and add a new migration that brings those databases to what you need.`,
      ),
      ...missing.map((f) => `${f} is recorded as landed but its file is gone: restore it (a landed migration is never removed or renamed).`),
      ...added.map((f) => `${f} is new: record its checksum with \`${RECORD_COMMAND}\` and commit src/server/db/migrations/checksums.json with it.`),
    ];
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('the migrator runs exactly the migration files', () => {
    expect(Object.keys(migrations).map((name) => `${name}.ts`)).toEqual(migrationFiles());
  });

  it('notices a changed, a new and a removed migration', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ua-migrations-'));
    try {
      writeFileSync(path.join(dir, '001-a.ts'), 'export const a = 1;\n');
      writeFileSync(path.join(dir, '002-b.ts'), 'export const b = 1;\n');
      writeFileSync(path.join(dir, '002-b.test.ts'), 'not a migration\n');
      const recorded = { '001-a.ts': 'f'.repeat(64), '000-gone.ts': 'e'.repeat(64) };
      expect(compareChecksums(recorded, dir)).toEqual({ added: ['002-b.ts'], changed: ['001-a.ts'], missing: ['000-gone.ts'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
