/**
 * Loads a sanctions/PEP list into the configured database (decision 026); the running servers
 * re-screen every verified user against it in the background (decision 044: the load writes the
 * version's re-screening run, which the next pass of any server takes, and a server started later
 * finds it too):
 *   npm run screening-load -- path/to/targets.simple.csv [--by <administrator e-mail>]
 * The file is OpenSanctions' simple CSV targets export. A file that is not that format is refused
 * whole (the line and the problem are printed, exit status 1) and the list in use stays. The load is
 * audited (the administrator named with --by, else the system) and becomes the next list version.
 */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrate, truncateWriteAheadLog } from '../src/server/db/index.ts';
import { BusinessError } from '../src/server/errors.ts';
import { createServices } from '../src/server/services.ts';
import { actorOf, fileAndBy } from './cli-args.ts';

const { file, by } = fileAndBy('npm run screening-load -- <targets.simple.csv> [--by <administrator e-mail>]');
const config = loadConfig();
const db = createDb(config.database);
try {
  await migrate(db);
  const services = createServices(db, config);
  const actor = await actorOf(by, (email) => services.accounts.userByEmail(email));
  // Streamed: the file is read and inserted chunk by chunk (decision 038), never held whole.
  const loaded = await services.screening.loadListFrom(createReadStream(file), basename(file), actor);
  console.log(`List version ${loaded.version} loaded: ${loaded.entryCount} people (sha256 ${loaded.sha256}).`);
  await truncateWriteAheadLog(db);
  const { usersToScreen } = await services.screening.listInfo();
  console.log(`${usersToScreen} verified users to re-screen: the servers do it in the background (progress in the console's screening list card).`);
  // The file is streamed (decision 038): the peak stays flat whatever its size; the bench reads this line.
  console.log(`Peak memory: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB.`);
} catch (err) {
  const fields = err instanceof BusinessError ? (err.result.fields as { params?: { line: number; problem: string } }[] | undefined) : undefined;
  const p = fields?.[0]?.params;
  console.error(p ? `Refused: line ${p.line}: ${p.problem}. The list in use is unchanged.` : `Failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
