import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DocumentStoreConfig } from '../document-store-config.ts';

/** The parts of @20minutes/s3rver (untyped CommonJS) the tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver checks request signatures against these fixed credentials. */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface TestObjectStore {
  /** DOCUMENT_STORE_URL for a server process. */
  url: string;
  /** The same, as config.documentStore. */
  config: Extract<DocumentStoreConfig, { kind: 's3' }>;
  /** The directory s3rver keeps objects in (tests look at what is stored). */
  dir: string;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, from npm) on 127.0.0.1 with one bucket, its objects in a
 * temporary directory: what the document store's S3 path is tested against (requests are signed
 * and checked as S3 does).
 */
export async function startObjectStore(bucket = 'documents', prefix = 'kyc/'): Promise<TestObjectStore> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
  const dir = mkdtempSync(path.join(tmpdir(), 'ua-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }], vhostBuckets: false });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    url: `s3://${ACCESS_KEY}:${SECRET_KEY}@${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}`,
    config: { kind: 's3', bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY } },
    dir,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
