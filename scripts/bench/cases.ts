/**
 * Synthetic review cases for the console-queue bench: `count` rows written by one INSERT … SELECT
 * over a generated series (a million rows in seconds, no round trip per row). Three in four are
 * pending; kinds, levels, countries and providers vary so every queue filter has something to find.
 * They belong to `userId` and point at no real application: the console shows such a case with an
 * empty document type, which is all the queue needs.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres, type Db } from '../../src/server/db/index.ts';

export async function seedCases(db: Db, userId: string, from: number, count: number): Promise<void> {
  if (count <= 0) return;
  const to = from + count - 1;
  if (isPostgres(db as unknown as Kysely<unknown>)) {
    await sql`
      INSERT INTO review_cases (id, subject_kind, subject_id, user_id, status, assignee_id, level, country, provider, opened_at, decided_at)
      SELECT '00000000-0000-4000-8000-' || lpad(i::text, 12, '0'),
             CASE WHEN i % 10 = 0 THEN 'REVERIFICATION' ELSE 'KYC_APPLICATION' END,
             '10000000-0000-4000-8000-' || lpad(i::text, 12, '0'),
             ${userId},
             CASE i % 4 WHEN 1 THEN 'APPROVED' ELSE 'PENDING' END,
             NULL,
             1 + i % 2,
             (ARRAY['DE','FR','GB','JP','BR','TR','VN'])[1 + i % 7],
             CASE WHEN i % 3 = 0 THEN 'PROVIDER_SUMSUB' ELSE 'PROVIDER_DEFAULT' END,
             to_char(timestamp '2026-01-01' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             CASE i % 4 WHEN 1 THEN to_char(timestamp '2026-01-02' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END
      FROM generate_series(${from}::int, ${to}::int) AS i`.execute(db);
    await sql`ANALYZE review_cases`.execute(db);
    return;
  }
  await sql`
    WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
    INSERT INTO review_cases (id, subject_kind, subject_id, user_id, status, assignee_id, level, country, provider, opened_at, decided_at)
    SELECT printf('00000000-0000-4000-8000-%012d', i),
           CASE WHEN i % 10 = 0 THEN 'REVERIFICATION' ELSE 'KYC_APPLICATION' END,
           printf('10000000-0000-4000-8000-%012d', i),
           ${userId},
           CASE i % 4 WHEN 1 THEN 'APPROVED' ELSE 'PENDING' END,
           NULL,
           1 + i % 2,
           substr('DEFRGBJPBRTRVN', 1 + 2 * (i % 7), 2),
           CASE WHEN i % 3 = 0 THEN 'PROVIDER_SUMSUB' ELSE 'PROVIDER_DEFAULT' END,
           strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' seconds'),
           CASE i % 4 WHEN 1 THEN strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-02', '+' || i || ' seconds') END
    FROM n`.execute(db);
  await sql`ANALYZE`.execute(db);
}
