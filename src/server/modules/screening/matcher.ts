import type { Db } from '../../db/index.ts';
import { indexEntryOf, NameIndex, type IndexHit } from './name-index.ts';
import * as repo from './screening.repo.ts';

/**
 * Entries read per query while an index is built (a page of rows, never the whole list in memory),
 * small enough that the server's thread, which reads them while users' requests wait, is never
 * held long by one page (decision 044: 5,000 rows a page held it for 100 ms and more).
 */
export const INDEX_PAGE = 1000;

/** Screens a name against a list version: the in-house index (decision 038). */
export interface Matcher {
  /** `q`: the connection to read the list with when the index is built (the caller's transaction, if it is in one). */
  match(q: Db, version: number, person: { name: string; dateOfBirth: string }): Promise<IndexHit[]>;
  /** Ends its threads or connections, if it has any. */
  close?(): Promise<void>;
}

/** A version's entries as stored (names and the JSON text of aliases and dates), page by page, the event loop let through between pages. */
export async function* entryRowsForIndex(db: Db, version: number) {
  let after = '';
  for (;;) {
    const page = await repo.findEntriesPage(db, version, after, INDEX_PAGE);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A version's entries, page by page, as the index takes them. */
export async function* entriesForIndex(db: Db, version: number) {
  for await (const page of entryRowsForIndex(db, version)) yield page.map(indexEntryOf);
}

/** Builds the index of a list version from the database. */
export async function buildIndex(db: Db, version: number): Promise<NameIndex> {
  const index = new NameIndex();
  for await (const page of entriesForIndex(db, version)) index.add(page);
  return index.seal();
}

/** The index in this thread, built once per list version (one build at a time). */
export function createInProcessMatcher(): Matcher {
  let current: { version: number; index: Promise<NameIndex> } | null = null;
  return {
    async match(q, version, person) {
      if (current?.version !== version) {
        const index = buildIndex(q, version);
        current = { version, index };
        index.catch(() => {
          if (current?.index === index) current = null;
        });
      }
      return (await current.index).match(person);
    },
  };
}
