import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * What a piece of work did to the database, as Kysely saw it: the tables its statements named, and
 * whether any of them could have written (an insert, update, delete or merge, or raw SQL whose tables
 * are unknown). A cache keeps a result only when this says it was a read of tables it can watch
 * (kyc-info's, decision 024).
 */
export interface DatabaseUse {
  tables: Set<string>;
  wrote: boolean;
  /** Raw SQL ran: its tables are not known. */
  opaque: boolean;
}

const current = new AsyncLocalStorage<DatabaseUse>();

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

/** Every table a statement reads or writes (a CTE's name counts as one: unknown to a watcher, so it is refused). */
function collectTables(node: unknown, into: Set<string>): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) collectTables(item, into);
    return;
  }
  const n = node as OperationNode & { table?: { identifier?: { name?: string } } };
  // A column reference names its table by alias ("k"."user_id"): not a table read.
  if (n.kind === 'ReferenceNode') return;
  if (n.kind === 'TableNode' && n.table?.identifier?.name) into.add(n.table.identifier.name);
  for (const value of Object.values(node)) if (value && typeof value === 'object') collectTables(value, into);
}

function record(use: DatabaseUse, node: RootOperationNode): void {
  if (node.kind === 'RawNode') {
    use.opaque = true;
    return;
  }
  if (WRITES.has(node.kind)) use.wrote = true;
  collectTables(node, use.tables);
}

/** Added to every Kysely instance the server opens (db/index.ts); it looks only while `tracked` runs. */
export const readTrackingPlugin: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const use = current.getStore();
    if (use) record(use, args.node);
    return args.node;
  },
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  },
};

/** Records a statement compiled earlier and run again (db/compiled-once.ts), as transformQuery would have. */
export function noteStatement(node: RootOperationNode): void {
  const use = current.getStore();
  if (use) record(use, node);
}

/** Runs `work` and says what it did to the database (statements of work it started, awaited or not, included). */
export async function tracked<T>(work: () => Promise<T>): Promise<{ value: T; use: DatabaseUse }> {
  const use: DatabaseUse = { tables: new Set(), wrote: false, opaque: false };
  const value = await current.run(use, work);
  return { value, use };
}
