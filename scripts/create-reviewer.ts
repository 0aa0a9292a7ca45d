/**
 * Creates a compliance reviewer account on the configured database, with a console role
 * (reviewer, senior_reviewer or administrator; decision 018):
 *   node scripts/create-reviewer.ts reviewer@company.example [--role senior_reviewer]
 * The password is read from standard input (first line), so it never appears in the shell history
 * or the process list; it must follow the sign-up rules (at least 10 characters, not guessable:
 * the same strength estimate as sign-up). Audited as `system`.
 *   node scripts/create-reviewer.ts reviewer@company.example --role administrator --existing
 * gives an existing reviewer a role instead (no password asked): how the first administrator is made.
 */
import { createInterface } from 'node:readline';
import { UserRole, registerRequest } from '../src/shared/api/accounts.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/index.ts';
import { BusinessError } from '../src/server/errors.ts';
import { passwordWeakness } from '../src/server/modules/accounts/accounts.service.ts';
import { createServices } from '../src/server/services.ts';
import { CONSOLE_ROLES, ConsoleRole, isConsoleRole } from '../src/shared/staff.ts';

const args = process.argv.slice(2);
const email = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--role');
const roleArg = args.includes('--role') ? args[args.indexOf('--role') + 1] : ConsoleRole.REVIEWER;
const existing = args.includes('--existing');
if (!email || !roleArg || !isConsoleRole(roleArg)) {
  console.error(`usage: node scripts/create-reviewer.ts <email> [--role ${CONSOLE_ROLES.join('|')}] [--existing]   (password on standard input)`);
  process.exit(2);
}
const role: ConsoleRole = roleArg;
if (existing) {
  const config = loadConfig();
  const db = createDb(config.database);
  try {
    await migrate(db);
    const user = await db.selectFrom('users').select(['id', 'role']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    if (!user || user.role !== UserRole.REVIEWER) {
      console.error(`Refused: ${email} is not a reviewer account.`);
      process.exitCode = 1;
    } else {
      await createServices(db, config).staff.setRole(user.id, role, { type: 'system', id: null });
      console.log(`Reviewer ${email} is now ${role}.`);
    }
  } finally {
    await db.destroy();
  }
  process.exit();
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
  const services = createServices(db, config);
  const id = await services.accounts.createUser(parsed.data, { type: 'system', id: null }, UserRole.REVIEWER);
  await services.staff.setRole(id, role, { type: 'system', id: null });
  console.log(`Reviewer ${parsed.data.email} created (${id}), role ${role}.`);
} catch (err) {
  if (err instanceof BusinessError) {
    console.error(`Refused: ${err.message}`);
    process.exitCode = 1;
  } else throw err;
} finally {
  await db.destroy();
}
