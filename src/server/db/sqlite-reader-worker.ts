/**
 * The reader thread of sqlite-reader.ts: one read-only `node:sqlite` connection to the database file,
 * answering `{ id, sql, parameters }` with `{ id, rows }` or `{ id, error }`, one statement at a time.
 * A read-only connection cannot write, so nothing sent here can change the database.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openNodeSqlite } from './sqlite-node.ts';

export interface ReaderRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}
export type ReaderReply = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

const db = openNodeSqlite((workerData as { file: string }).file, { readOnly: true });
parentPort!.on('message', ({ id, sql, parameters }: ReaderRequest) => {
  let reply: ReaderReply;
  try {
    const stmt = db.prepare(sql);
    if (!stmt.reader) throw new Error('the reader thread runs only statements that return rows');
    reply = { id, rows: stmt.all(parameters) };
  } catch (err) {
    const e = err as { message?: string; code?: string };
    reply = { id, error: { message: e.message ?? String(err), ...(e.code ? { code: e.code } : {}) } };
  }
  parentPort!.postMessage(reply);
});
