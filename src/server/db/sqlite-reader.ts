import { Worker } from 'node:worker_threads';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { readTrackingPlugin } from './read-tracking.ts';
import type { ReaderReply, ReaderRequest } from './sqlite-reader-worker.ts';

/**
 * A read-only view of the embedded SQLite database whose statements run in a worker thread, on a
 * connection of their own (decision 024, the event loop). `node:sqlite` is synchronous: a heavy read
 * on the main connection (the console queue over a million cases) held the event loop every user's
 * request waits on. WAL lets this second connection read while the main one writes, and each of its
 * statements reads the latest commit, so a reader sees every write committed before it was asked
 * (read-your-writes across requests). It never joins a transaction: what must read inside one reads
 * on the transaction's connection (`readerOf` hands a transaction back unchanged).
 *
 * Kysely still builds and compiles the query on the main thread (the same query builder and SQL as
 * on the main connection); only the statement itself moves. The thread starts on the first read and
 * holds the process open only while a read is waiting.
 */
export function createSqliteReader<DB>(file: string): Kysely<DB> {
  return new Kysely<DB>({ dialect: new SqliteReaderDialect(file), plugins: [readTrackingPlugin] });
}

class SqliteReaderDialect implements Dialect {
  readonly #file: string;
  constructor(file: string) {
    this.#file = file;
  }
  createAdapter = () => new SqliteAdapter();
  createDriver = (): Driver => new SqliteReaderDriver(this.#file);
  createQueryCompiler = () => new SqliteQueryCompiler();
  createIntrospector = (db: Kysely<unknown>) => new SqliteIntrospector(db);
}

class SqliteReaderDriver implements Driver {
  readonly #file: string;
  #worker: Worker | undefined;
  #nextId = 0;
  readonly #waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>();
  readonly #connection: DatabaseConnection;

  constructor(file: string) {
    this.#file = file;
    this.#connection = {
      executeQuery: async <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => ({ rows: (await this.#run(compiled.sql, compiled.parameters)) as R[] }),
      // eslint-disable-next-line require-yield -- Kysely's interface; the reader answers whole results only.
      streamQuery: async function* () {
        throw new Error('the SQLite reader does not stream');
      },
    };
  }

  #start(): Worker {
    const worker = new Worker(new URL('./sqlite-reader-worker.ts', import.meta.url), { workerData: { file: this.#file } });
    worker.unref();
    worker.on('message', (reply: ReaderReply) => {
      const waiting = this.#waiting.get(reply.id);
      if (!waiting) return;
      this.#waiting.delete(reply.id);
      if (this.#waiting.size === 0) worker.unref();
      if ('error' in reply) waiting.reject(Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {}));
      else waiting.resolve(reply.rows);
    });
    // A thread that died fails what it was asked; the next read starts a new one.
    const fail = (err: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const waiting of this.#waiting.values()) waiting.reject(err);
      this.#waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`SQLite reader thread exited (${code})`)));
    return worker;
  }

  #run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const worker = (this.#worker ??= this.#start());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      if (this.#waiting.size === 1) worker.ref();
      worker.postMessage({ id, sql, parameters } satisfies ReaderRequest);
    });
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('the SQLite reader is read-only: transactions run on the main connection');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker) await worker.terminate();
  }
}
