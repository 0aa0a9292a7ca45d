import { Worker } from 'node:worker_threads';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { WorkerRequest } from './match-worker.ts';
import { entryRowsForIndex, type Matcher } from './matcher.ts';
import type { IndexHit } from './name-index.ts';

type Reply = { id: number; ok: true; hits?: IndexHit[] } | { id: number; ok: false; error: string };

/**
 * The in-house engine in worker threads (decision 038): `threads` workers, each with the whole index
 * of the list in use (a million names take a few hundred MB per thread, so the default is one); names
 * to screen go to the least busy worker. A new list version is built beside the old one and replaces
 * it when sealed. Given `database`, each worker reads the list on a connection of its own at `share`
 * of a core, at `nice` below the server's priority (decision 054); without it (an in-memory database), or when the caller reads inside a
 * transaction, this thread reads the pages and sends them.
 */
export function createWorkerMatcher({ threads, database, share = 1, nice = 0 }: { threads: number; database?: Config['database']; share?: number; nice?: number }): Matcher & { close(): Promise<void> } {
  // Started on the first screening: a server or a tool that never screens starts no thread.
  let started: ReturnType<typeof spawn> | null = null;
  const pool = () => (started ??= spawn());
  const spawn = () => Array.from({ length: Math.max(1, threads) }, () => {
    const worker = new Worker(new URL('./match-worker.ts', import.meta.url), { workerData: { nice } });
    // Idle workers never keep the process alive on their own.
    worker.unref();
    const pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
    worker.on('message', (r: Reply) => {
      const p = pending.get(r.id);
      pending.delete(r.id);
      p?.resolve(r);
    });
    worker.on('error', (err) => {
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    });
    return { worker, pending };
  });
  let next = 0;
  const ask = (w: ReturnType<typeof spawn>[number], msg: WorkerRequest & { id: number }): Promise<Reply> =>
    new Promise((resolve, reject) => {
      w.pending.set(msg.id, { resolve, reject });
      w.worker.ref();
      w.worker.postMessage(msg);
    }).finally(() => {
      if (w.pending.size === 0) w.worker.unref();
    }) as Promise<Reply>;

  let built: { version: number; done: Promise<void> } | null = null;
  async function build(q: Db, version: number): Promise<void> {
    const workers = pool();
    if (database && (database.kind === 'postgres' || database.file !== ':memory:') && !q.isTransaction) {
      const built = await Promise.all(workers.map((w) => ask(w, { kind: 'build', id: ++next, version, database, share })));
      const bad = built.find((r) => !r.ok);
      if (bad && !bad.ok) throw new Error(bad.error);
      return;
    }
    for (const w of workers) w.worker.postMessage({ kind: 'begin', version } satisfies WorkerRequest);
    // Page by page, each acknowledged before the next is read: the server's thread is idle (serving
    // users) while the workers index a page, and no backlog of pages piles up in their queues.
    for await (const rows of entryRowsForIndex(q, version)) {
      const added = await Promise.all(workers.map((w) => ask(w, { kind: 'add-rows', id: ++next, rows })));
      const bad = added.find((r) => !r.ok);
      if (bad && !bad.ok) throw new Error(bad.error);
    }
    const replies = await Promise.all(workers.map((w) => ask(w, { kind: 'seal', id: ++next })));
    const failed = replies.find((r) => !r.ok);
    if (failed && !failed.ok) throw new Error(failed.error);
  }

  return {
    async match(q, version, person) {
      if (built?.version !== version) {
        const done = build(q, version);
        const mine = { version, done };
        built = mine;
        done.catch(() => {
          if (built === mine) built = null;
        });
      }
      await built.done;
      const w = pool().reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const r = await ask(w, { kind: 'match', id: ++next, version, person });
      if (!r.ok) throw new Error(r.error);
      return r.hits ?? [];
    },
    async close() {
      const workers = started ?? [];
      started = null;
      built = null;
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}
