import { parentPort } from 'node:worker_threads';
import { indexEntryOf, NameIndex, type IndexEntry } from './name-index.ts';

/**
 * A matching thread (decision 038): holds the name index of one list version and screens names
 * against it, so neither building the index nor matching runs on the server's event loop. The pool
 * (worker-matcher.ts) sends the list page by page, then names to screen.
 */
export type WorkerRequest =
  | { kind: 'begin'; version: number }
  | { kind: 'add'; entries: IndexEntry[] }
  /** Rows as stored: parsed here, not on the server's thread (decision 044). */
  | { kind: 'add-rows'; id: number; rows: { id: string; name: string; aliases: string; birth_dates: string }[] }
  | { kind: 'seal'; id: number }
  | { kind: 'match'; id: number; version: number; person: { name: string; dateOfBirth: string } };

let building: { version: number; index: NameIndex } | null = null;
let ready: { version: number; index: NameIndex } | null = null;

parentPort?.on('message', (msg: WorkerRequest) => {
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
    } else if (msg.kind === 'match') {
      if (ready?.version !== msg.version) throw new Error(`the index of list version ${msg.version} is not built`);
      parentPort!.postMessage({ id: msg.id, ok: true, hits: ready.index.match(msg.person) });
    }
  } catch (err) {
    if ('id' in msg) parentPort!.postMessage({ id: msg.id, ok: false, error: (err as Error).message });
  }
});
