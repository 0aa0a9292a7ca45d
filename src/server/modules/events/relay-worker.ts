import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../../db/index.ts';
import { lowerThisThread } from '../../thread-priority.ts';
import { createEventsService } from './events.service.ts';
import { RELAY_APPLICATION_NAME, type RelayThreadData, type RelayThreadMessage } from './relay-thread.ts';

/**
 * The outbox's relay in a thread of its own (decision 066): its own database pool, the same passes as
 * the in-process relay (sequence, fan out, deliver), below the server's CPU priority, so a user's
 * request on the event loop never waits behind a batch of deliveries being signed, sent and recorded.
 */
const data = workerData as RelayThreadData;
const port = parentPort!;
const tell = (m: RelayThreadMessage) => port.postMessage(m);
const report = (err: unknown) => tell({ kind: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });

// Linux nice, this thread only (as the face and matching threads, decisions 039 and 054); at the
// lowest (19, the default) also the idle scheduling class (decision 074): a user's request that wakes
// the server's thread takes the core from a delivery at once.
const nice = data.webhooks.relayNice;
await lowerThisThread({ nice, idle: nice >= 19 });

const db = createDb(data.database, report, RELAY_APPLICATION_NAME);
const events = createEventsService({
  db,
  config: data.webhooks,
  dataEncryptionKey: data.dataEncryptionKey,
  previousEncryptionKeys: data.previousEncryptionKeys,
  dataDir: data.dataDir,
  // Endpoints are created on the server's thread; the relay only reads them.
  businesses: { exists: () => Promise.reject(new Error('the relay thread does not create endpoints')) },
  onError: report,
});
events.relay.start();
port.on('message', (m: 'stop') => {
  if (m !== 'stop') return;
  void events
    .close()
    .then(() => db.destroy())
    .catch(report)
    .finally(() => tell({ kind: 'stopped' }));
});
tell({ kind: 'started' });
