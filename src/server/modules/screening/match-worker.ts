import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../../config.ts';
import { openReadOnlyDb } from '../../db/index.ts';
import { lowerThisThread } from '../../thread-priority.ts';
import { entryRowsForIndex } from './matcher.ts';
import { indexEntryOf, NameIndex, type IndexEntry } from './name-index.ts';
import * as repo from './screening.repo.ts';

/**
 * A matching thread (decision 038): holds the name index of one list version and screens names
 * against it, so neither building the index nor matching runs on the server's event loop. It reads
 * the list itself, on a connection of its own (`build`, decision 054), or — for a database no other
 * connection can see — is sent it page by page by the pool (`begin`, `add-rows`, `seal`). Then names
 * to screen.
 */
export type WorkerRequest =
  | { kind: 'begin'; version: number }
  | { kind: 'add'; entries: IndexEntry[] }
  /** Rows as stored: parsed here, not on the server's thread (decision 044). */
  | { kind: 'add-rows'; id: number; rows: { id: string; name: string; aliases: string; birth_dates: string }[] }
  | { kind: 'seal'; id: number }
  /** Reads the committed version from `database` and builds its index, taking at most `share` of a core's time. */
  | { kind: 'build'; id: number; version: number; database: Config['database']; share: number }
  | { kind: 'match'; id: number; version: number; person: { name: string; dateOfBirth: string } };

// Decision 054: below the server's priority (Linux nice, this thread only), like the face threads
// (decision 039): where cores are short, a user's request on the event loop goes before the index's work.
const { nice: niceIncrement = 0 } = (workerData ?? {}) as { nice?: number };
await lowerThisThread({ nice: niceIncrement });

let building: { version: number; index: NameIndex } | null = null;
let ready: { version: number; index: NameIndex } | null = null;

/**
 * Decision 054: the rows a 1 M-name index is built from never pass through the server's thread (read
 * there and cloned over, they held its event loop for tens of milliseconds at a time), and the build
 * pauses after each page so it takes at most `share` of a core: on a small machine the server's thread
 * and this one share two cores with everything else, and users' requests come first. The version that
 * was ready keeps answering meanwhile (this thread handles `match` between pages).
 */
async function build(version: number, database: Config['database'], share: number): Promise<NameIndex['size']> {
  const db = openReadOnlyDb(database);
  if (!db) throw new Error('an in-memory database cannot be read from another thread');
  try {
    // Read only committed rows: a version loaded in a transaction not yet committed is not there at all.
    const list = await repo.findList(db, version);
    if (!list) throw new Error(`list version ${version} is not in the database (not committed?)`);
    const index = new NameIndex();
    let count = 0;
    let started = performance.now();
    for await (const rows of entryRowsForIndex(db, version)) {
      index.add(rows.map(indexEntryOf));
      count += rows.length;
      const busy = performance.now() - started;
      if (share < 1) await sleep(busy * (1 / share - 1));
      started = performance.now();
    }
    // A load writes its rows and its count in one transaction: anything else is a list changed under us.
    if (count !== list.entry_count) throw new Error(`list version ${version}: read ${count} entries, the list says ${list.entry_count}`);
    ready = { version, index: index.seal() };
    return ready.index.size;
  } finally {
    await db.destroy();
  }
}

parentPort?.on('message', (msg: WorkerRequest) => {
  const fail = (err: unknown) => {
    if ('id' in msg) parentPort!.postMessage({ id: msg.id, ok: false, error: (err as Error).message });
  };
  try {
    if (msg.kind === 'begin') building = { version: msg.version, index: new NameIndex() };
    else if (msg.kind === 'add') building?.index.add(msg.entries);
    else if (msg.kind === 'add-rows') {
      // Acknowledged, so the server's thread reads the next page only once this one is in (it is idle meanwhile).
      building?.index.add(msg.rows.map(indexEntryOf));
      parentPort!.postMessage({ id: msg.id, ok: true });
    }
    else if (msg.kind === 'seal') {
      if (!building) throw new Error('no index under construction');
      ready = { version: building.version, index: building.index.seal() };
      building = null;
      parentPort!.postMessage({ id: msg.id, ok: true, size: ready.index.size });
    } else if (msg.kind === 'build') {
      build(msg.version, msg.database, msg.share).then((size) => parentPort!.postMessage({ id: msg.id, ok: true, size }), fail);
    } else if (msg.kind === 'match') {
      if (ready?.version !== msg.version) throw new Error(`the index of list version ${msg.version} is not built`);
      parentPort!.postMessage({ id: msg.id, ok: true, hits: ready.index.match(msg.person) });
    }
  } catch (err) {
    fail(err);
  }
});
