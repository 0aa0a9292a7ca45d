/**
 * Creates a compliance reviewer account (role `reviewer`) on the configured database:
 *   node scripts/create-reviewer.ts reviewer@company.example
 * The password is read from standard input (first line), so it never appears in the shell history
 * or the process list; it must follow the sign-up rules (at least 10 characters, not guessable:
 * the same strength estimate as sign-up). Audited as `system`.
 */
import { createInterface } from 'node:readline';
import { UserRole, registerRequest } from '../src/shared/api/accounts.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/index.ts';
import { BusinessError } from '../src/server/errors.ts';
import { passwordWeakness } from '../src/server/modules/accounts/accounts.service.ts';
import { createServices } from '../src/server/services.ts';

const email = process.argv[2];
if (!email) {
  console.error('usage: node scripts/create-reviewer.ts <email>   (password on standard input)');
  process.exit(2);
}
if (process.stdin.isTTY) process.stderr.write('Password (at least 10 characters), then Enter: ');
const lines = createInterface({ input: process.stdin });
const password = await new Promise<string>((resolve) => {
  lines.once('line', (line) => resolve(line));
  lines.once('close', () => resolve(''));
});
lines.close();

const parsed = registerRequest.safeParse({ email, password });
if (!parsed.success) {
  console.error(`Refused: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ')}`);
  process.exit(1);
}
// Reviewers can read every identity document: their password is held to the sign-up standard.
const weakness = await passwordWeakness(parsed.data.password, parsed.data.email);
if (weakness) {
  console.error(`Refused: password: ${weakness} (too easy to guess; use a few unrelated words or a longer password)`);
  process.exit(1);
}
const config = loadConfig();
const db = createDb(config.database);
try {
  await migrate(db);
  const id = await createServices(db, config).accounts.createUser(parsed.data, { type: 'system', id: null }, UserRole.REVIEWER);
  console.log(`Reviewer ${parsed.data.email} created (${id}).`);
} catch (err) {
  if (err instanceof BusinessError) {
    console.error(`Refused: ${err.message}`);
    process.exitCode = 1;
  } else throw err;
} finally {
  await db.destroy();
}
