import type { VerifiableLevel } from '../shared/kyc.ts';

/**
 * Biometric retention's shared step (liveness checks, decision 039; face matches, decision 045): of
 * the rows due, the ids to delete — all but those whose user and level `keep` holds (an application
 * still awaiting its decision). `keep` is asked once per user and level.
 */
export async function idsNotKept(
  due: readonly { id: string; user_id: string; level: number | string }[],
  keep: (userId: string, level: VerifiableLevel) => Promise<boolean>,
): Promise<string[]> {
  const kept = new Map<string, boolean>();
  const ids: string[] = [];
  for (const row of due) {
    const key = `${row.user_id}:${row.level}`;
    if (!kept.has(key)) kept.set(key, await keep(row.user_id, Number(row.level) as VerifiableLevel));
    if (!kept.get(key)) ids.push(row.id);
  }
  return ids;
}
