import { BusinessError, wrongState } from '../errors.ts';
import type { Db } from './index.ts';

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

/**
 * Runs `fn` in one transaction. A unique-index conflict (two requests racing for the same slot: a
 * second pending application, a second decision, a step's first row) becomes WRONG_STATE, the answer
 * the loser would have got a moment later.
 */
export async function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>, conflict = 'changed concurrently'): Promise<T> {
  try {
    return await db.transaction().execute(fn);
  } catch (err) {
    if (!(err instanceof BusinessError) && isUniqueViolation(err)) throw wrongState(conflict);
    throw err;
  }
}
