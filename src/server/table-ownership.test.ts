import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from './db/table-owners.ts';

/**
 * Each table has one owner module, and only that module's code reads or writes it (ARCHITECTURE §8,
 * issue 29). This reads every server source file (tests, fixtures and migrations aside) for the
 * tables it names — in Kysely's builders (`selectFrom('t')`, joins, `insertInto`, `updateTable`,
 * `deleteFrom`) and in raw SQL (`FROM t`, `JOIN t`, `INTO t`, `UPDATE t`) — and fails on a table
 * named outside its owner. A file under modules/<m>/ is module m; under db/, the platform (`db`);
 * anywhere else (start-up, seeding, demo scenarios, plugins) owns no table and goes through services.
 */
const ROOT = path.resolve(import.meta.dirname);
const BUILDER = /\b(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto|table)\(\s*'([a-z_]+)(?:\s+as\s+[a-z_]+)?'/g;
const RAW = /\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)\b/g;
const tables = new Set(Object.keys(TABLE_OWNERS));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return ['test', 'migrations', 'fixtures'].includes(e.name) ? [] : sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.includes('fixtures') ? [p] : [];
  });
}

/** The module a file belongs to. */
function moduleOf(file: string): string {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'modules') return rel[1]!;
  if (rel[0] === 'db') return 'db';
  return '(server)';
}

/** Every `file:line: module touches table (owner)` where a module names a table it does not own. */
function violations(): string[] {
  const found: string[] = [];
  for (const file of sources(ROOT)) {
    const mine = moduleOf(file);
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const re of [BUILDER, RAW]) {
          for (const m of line.matchAll(re)) {
            const table = m[1]!;
            if (!tables.has(table)) continue;
            const owner = TABLE_OWNERS[table as keyof typeof TABLE_OWNERS];
            if (owner !== mine) found.push(`${path.relative(ROOT, file)}:${i + 1}: ${mine} touches ${table} (owned by ${owner})`);
          }
        }
      });
  }
  return [...new Set(found)];
}

describe('table ownership', () => {
  it('every module touches only the tables it owns', () => {
    expect(violations()).toEqual([]);
  });

  it('the check sees a table named outside its owner (builder and raw SQL)', () => {
    const line = "db.selectFrom('users as u').innerJoin('staff_roles', 'x', 'y'); sql`UPDATE kyc_documents SET a = 1`";
    const named = [...line.matchAll(BUILDER), ...line.matchAll(RAW)].map((m) => m[1]);
    expect(named).toEqual(['users', 'staff_roles', 'kyc_documents']);
  });
});
