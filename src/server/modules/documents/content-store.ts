import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentStoreConfig } from '../../document-store-config.ts';

/**
 * Where documents' ciphertexts live when not in their database row (decision 024, "Scale-out"): a
 * directory (the embedded default) or an S3-compatible bucket shared by every server. Stores only
 * ever hold ciphertext: the data key that opens it is wrapped in the document's row, so an object
 * whose row is gone can never be read again (deleting the row shreds it, even if the object stays).
 */
export interface ContentStore {
  /** Recorded in the row (`content_store`), so a document is read from where it was written. */
  readonly kind: 'file' | 's3';
  put(id: string, ciphertext: Buffer): Promise<void>;
  /** The ciphertext, or null when the store has nothing under this id. */
  get(id: string): Promise<Buffer | null>;
  /** Removes the object; nothing there is not an error. */
  delete(id: string): Promise<void>;
}

/** Document ids are UUIDs we generate; anything else never becomes a path or an object key. */
const SAFE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
function checked(id: string): string {
  if (!SAFE_ID.test(id)) throw new Error(`not a document id: ${JSON.stringify(id)}`);
  return id;
}

/** The store of `config`, or null when contents stay in the database row. */
export function createContentStore(config: DocumentStoreConfig): ContentStore | null {
  if (config.kind === 'database') return null;
  return config.kind === 'file' ? fileStore(config.dir) : s3Store(config);
}

/**
 * One file per document, `<dir>/<first two hex digits>/<id>`, so no directory grows past a few
 * thousand entries. Written to a temporary name and renamed: a reader never sees half a file.
 */
export function fileStore(dir: string): ContentStore {
  const fileOf = (id: string) => path.join(dir, checked(id).slice(0, 2), id);
  return {
    kind: 'file',
    async put(id, ciphertext) {
      const file = fileOf(id);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, ciphertext, { mode: 0o600, flag: 'wx' });
      await rename(temp, file);
    },
    async get(id) {
      try {
        return await readFile(fileOf(id));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(id) {
      await rm(fileOf(id), { force: true });
    },
  };
}

type S3Config = Extract<DocumentStoreConfig, { kind: 's3' }>;

/**
 * An S3-compatible bucket, objects `<prefix><id>`. The client (a large module) is loaded on first
 * use, so servers that keep documents elsewhere never load it.
 */
export function s3Store(config: S3Config): ContentStore {
  let client: Promise<{ send: (command: unknown) => Promise<unknown>; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
  const s3 = () =>
    (client ??= import('@aws-sdk/client-s3').then((sdk) => {
      const c = new sdk.S3Client({
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        ...(config.credentials ? { credentials: config.credentials } : {}),
      });
      return { send: (command: unknown) => c.send(command as never), sdk };
    }));
  const Key = (id: string) => `${config.prefix}${checked(id)}`;
  return {
    kind: 's3',
    async put(id, ciphertext) {
      const { send, sdk } = await s3();
      await send(new sdk.PutObjectCommand({ Bucket: config.bucket, Key: Key(id), Body: ciphertext, ContentType: 'application/octet-stream' }));
    },
    async get(id) {
      const { send, sdk } = await s3();
      try {
        const reply = (await send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: Key(id) }))) as { Body?: { transformToByteArray(): Promise<Uint8Array> } };
        if (!reply.Body) return null;
        return Buffer.from(await reply.Body.transformToByteArray());
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(id) {
      const { send, sdk } = await s3();
      await send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: Key(id) }));
    },
  };
}
