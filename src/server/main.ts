/**
 * `npm start`: the production server. Listen + graceful shutdown (start.ts), nothing else: no build
 * options, so no test plugin can be registered here, whatever the environment says (decision 011).
 */
import { loadConfig } from './config.ts';
import { startServer } from './start.ts';

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 24) {
  console.error(`user-accounts needs Node.js 24 or newer (this is ${process.version}).`);
  process.exit(1);
}

await startServer(loadConfig());
