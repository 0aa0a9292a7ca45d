import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { Config } from '../../config.ts';

/** What the relay thread is started with (plain data: it is copied to the thread). */
export interface RelayThreadData {
  database: Config['database'];
  webhooks: Config['webhooks'];
  dataEncryptionKey: string | undefined;
  previousEncryptionKeys: string[];
  dataDir: string;
}

/** The relay thread's connections, as PostgreSQL names them (pg_stat_activity.application_name). */
export const RELAY_APPLICATION_NAME = 'user-accounts relay';

export type RelayThreadMessage = { kind: 'started' } | { kind: 'stopped' } | { kind: 'error'; message: string };

/**
 * Starts the relay in a worker thread (decision 066; PostgreSQL: the thread has a pool of its own).
 * Resolves once the thread runs; `stop` lets a pass under way finish, then ends the thread.
 */
async function startRelayThread(data: RelayThreadData, onError: (message: string) => void, onExit: (code: number) => void): Promise<{ stop(): Promise<void>; worker: Worker }> {
  const worker = new Worker(new URL('./relay-worker.ts', import.meta.url), { workerData: data });
  let stopping = false;
  worker.on('message', (m: RelayThreadMessage) => {
    if (m.kind === 'error') onError(m.message);
  });
  // The thread dying (a bug, not a failed pass: those are reported and retried there) is reported, never silent.
  worker.on('error', (err) => onError(err.stack ?? err.message));
  const started = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: RelayThreadMessage) => m.kind === 'started' && resolve());
    worker.once('exit', (code) => reject(new Error(`the relay thread exited (${code}) before it started`)));
  });
  await started;
  // An end nobody asked for (a crash, a terminated thread) is told once; a stop is not.
  worker.once('exit', (code) => stopping || onExit(code));
  return {
    worker,
    async stop() {
      stopping = true;
      const stopped = new Promise<void>((resolve) => worker.on('message', (m: RelayThreadMessage) => m.kind === 'stopped' && resolve()));
      worker.postMessage('stop');
      await Promise.race([stopped, once(worker, 'exit')]);
      await worker.terminate();
    },
  };
}

/**
 * Where a server relays (decisions 050, 066): in a thread of its own when `thread` is given, else on
 * its own thread (`inProcess`). A thread that ends without being stopped is logged as an error and
 * this server relays on its own thread from then on: events keep flowing, at the cost the thread
 * was there to avoid, until the server restarts.
 */
export async function hostRelay(opts: {
  thread: RelayThreadData | null;
  inProcess: { start(): void };
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): Promise<{ stop(): Promise<void>; worker: Worker | null }> {
  const { thread, inProcess, log } = opts;
  if (!thread) {
    inProcess.start();
    return { stop: async () => undefined, worker: null };
  }
  return startRelayThread(
    thread,
    (message) => log.warn({ err: { message } }, 'events: a relay pass failed in the relay thread; it is retried'),
    (code) => {
      log.error({ code }, 'events: the relay thread ended; this server relays on its own thread from now on');
      inProcess.start();
    },
  );
}
