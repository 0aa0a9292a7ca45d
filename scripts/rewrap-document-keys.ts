/**
 * `npm run rewrap-keys`: master key rotation (docs/decisions/006-document-storage.md). Re-wraps every
 * document's data key that an older master key wrapped under the active one (DATA_ENCRYPTION_KEY);
 * the older keys must be listed in DATA_ENCRYPTION_KEYS_PREVIOUS. Contents are not re-encrypted.
 * Safe to run again and while the server runs. Exits 1 when some data key could not be unwrapped.
 */
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/index.ts';
import { createDocumentsService } from '../src/server/modules/documents/documents.service.ts';

const config = loadConfig();
const db = createDb(config.database);
try {
  await migrate(db);
  const documents = createDocumentsService({ db, config });
  const { rewrapped, failed } = await documents.rewrapKeys({ type: 'system', id: null });
  console.log(`Active master key ${documents.activeKeyId()}: ${rewrapped} data key(s) re-wrapped.`);
  if (failed.length > 0) {
    console.error(`${failed.length} document(s) are wrapped by a key that is not configured: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
