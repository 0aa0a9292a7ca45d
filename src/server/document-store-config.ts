import path from 'node:path';
import { z } from 'zod';

/**
 * Where documents' encrypted contents live (docs/decisions/024, "Scale-out"), read from the
 * environment by config.ts only. `DOCUMENT_STORE_URL`:
 * - `file:<directory>` (`file:///srv/documents`, or `file:documents` relative to the working directory);
 * - `s3://[ACCESS_KEY:SECRET@]bucket[/prefix]?endpoint=http://host:9000&region=…&path_style=true`: an
 *   S3-compatible bucket; without credentials in the URL the S3 client's default chain is used
 *   (AWS_ACCESS_KEY_ID…, an instance role);
 * - `database:`: in the document's database row.
 * Unset: `database:` with DATABASE_URL (every server of that database reads it), otherwise the
 * embedded default, the directory `DATA_DIR/documents`.
 */
export const documentStoreEnvSchema = {
  DOCUMENT_STORE_URL: z
    .string()
    .trim()
    .regex(/^(file:|s3:\/\/|database:$)/, 'must be file:<directory>, s3://bucket[/prefix][?endpoint=…] or database:')
    .optional(),
};

export type DocumentStoreConfig =
  | { kind: 'database' }
  | { kind: 'file'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix inside the bucket ('' or ending in '/'). */
      prefix: string;
      /** An S3-compatible server's address; absent for AWS itself. */
      endpoint?: string;
      region: string;
      /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: what most S3-compatible servers need. */
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/** The configured store, or the default for this database (see documentStoreEnvSchema). */
export function documentStoreConfigOf(url: string | undefined, { dataDir, sharedDatabase }: { dataDir: string; sharedDatabase: boolean }): DocumentStoreConfig {
  if (url === undefined) return sharedDatabase ? { kind: 'database' } : { kind: 'file', dir: path.join(dataDir, 'documents') };
  if (url === 'database:') return { kind: 'database' };
  if (url.startsWith('file:')) {
    const rest = url.slice('file:'.length);
    const dir = rest.startsWith('//') ? decodeURIComponent(new URL(url).pathname) : rest;
    if (!dir) throw new Error('DOCUMENT_STORE_URL: file: needs a directory');
    return { kind: 'file', dir: path.resolve(dir) };
  }
  const parsed = new URL(url);
  const bucket = parsed.hostname;
  if (!bucket) throw new Error('DOCUMENT_STORE_URL: s3:// needs a bucket name');
  const prefix = decodeURIComponent(parsed.pathname.replace(/^\/+/, ''));
  const endpoint = parsed.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error('DOCUMENT_STORE_URL: endpoint must be an http(s) URL');
  const accessKeyId = decodeURIComponent(parsed.username);
  const secretAccessKey = decodeURIComponent(parsed.password);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('DOCUMENT_STORE_URL: give both the access key and its secret, or neither');
  return {
    kind: 's3',
    bucket,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    ...(endpoint ? { endpoint } : {}),
    region: parsed.searchParams.get('region') ?? 'us-east-1',
    // An endpoint is nearly always an S3-compatible server, which wants the bucket in the path.
    forcePathStyle: (parsed.searchParams.get('path_style') ?? (endpoint ? 'true' : 'false')) === 'true',
    ...(accessKeyId ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}
