import type { Db } from '../../db/index.ts';
import type { PersonalDataPort } from '../records/port.ts';

const movesOf = (sequence: string): string[] => {
  const parsed = JSON.parse(sequence) as unknown;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};
const framesOf = (result: string | null): number => Number((JSON.parse(result ?? '{}') as { frames?: number }).frames ?? 0);

/**
 * The in-house capture in the user's data export and erasure (decision 041): the "continue on your
 * phone" links (level, step, status, times, how many pictures came through) and the liveness checks
 * (the moves asked for, the outcome, how many frames were sent; the frames themselves are biometric
 * data kept sealed for the reviewer and removed by the biometric retention, decision 023). Erasure
 * deletes the links (a token and a device hash, nothing needed afterwards); the liveness checks and
 * their frames go through the biometric erasure the records module already runs.
 */
export const handoffPersonalData: PersonalDataPort = {
  async exportOf(db: Db, userId: string) {
    const handoffs = await db
      .selectFrom('capture_handoffs')
      .select(['level', 'step', 'status', 'created_at', 'opened_at', 'finished_at', 'uploads'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const checks = await db.selectFrom('capture_liveness').select(['level', 'sequence', 'status', 'created_at', 'finished_at', 'result']).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    return {
      capture: {
        handoffs: handoffs.map((h) => ({
          level: Number(h.level),
          step: h.step,
          status: h.status,
          createdAt: h.created_at,
          openedAt: h.opened_at,
          finishedAt: h.finished_at,
          uploads: (JSON.parse(h.uploads) as unknown[]).length,
        })),
        livenessChecks: checks.map((c) => ({ level: Number(c.level), moves: movesOf(c.sequence), status: c.status, createdAt: c.created_at, finishedAt: c.finished_at, frames: framesOf(c.result) })),
      },
    };
  },
  async auditRefsOf(trx: Db, userId: string) {
    const rows = await trx.selectFrom('capture_handoffs').select('id').where('user_id', '=', userId).execute();
    return rows.map((r) => ({ entityType: 'capture_handoff', entityId: r.id }));
  },
  async eraseOf(trx: Db, userId: string) {
    return Number((await trx.deleteFrom('capture_handoffs').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows);
  },
};
