/**
 * `npm run seed`: creates any missing demo users (and their verification records) on the configured
 * database. `npm start` already does this on a new database; this is for an existing one.
 */
import { createDb, migrate } from '../src/server/db/index.ts';
import { loadConfig } from '../src/server/config.ts';
import { createServices } from '../src/server/services.ts';
import { seedDemoData } from '../src/server/seed.ts';

const config = loadConfig();
if (!config.demo) {
  // Demo users have published passwords: never outside demo mode (decision 035).
  console.error('Refused: demo mode is off (DEMO). Demo users exist only in demo mode; set DEMO=true on a database meant for a demo.');
  process.exit(1);
}
const db = createDb(config.database);
try {
  await migrate(db);
  const created = await seedDemoData(createServices(db, config), db);
  console.log(created.length ? `Created: ${created.join(', ')}` : 'All demo users already exist.');
} finally {
  await db.destroy();
}
