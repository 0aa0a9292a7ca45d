/**
 * The business (partner) registry from the command line (issue 14, decision 021), on the configured
 * database, audited as `system`:
 *   node scripts/partner.ts list
 *   node scripts/partner.ts create <id> --name "Acme Wallet" --origin https://acme.example [--origin …]
 *        [--scene acme] [--redirect https://acme.example] [--language es-ES]
 *   node scripts/partner.ts rotate-secret <id> [--overlap-minutes 60]
 * `create` and `rotate-secret` print the new API secret once: it is stored sealed and never shown again.
 */
import { createBusinessRequest, rotateSecretRequest } from '../src/shared/api/integration-admin.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/index.ts';
import { BusinessError } from '../src/server/errors.ts';
import { createServices } from '../src/server/services.ts';
import { flagsOf } from './cli-args.ts';

const SYSTEM = { type: 'system', id: null } as const;
const [command, id, ...rest] = process.argv.slice(2);
const { all, one } = flagsOf(rest);
const USAGE = 'usage: node scripts/partner.ts list | create <id> --name <name> --origin <origin>… [--scene <scene>]… [--redirect <origin>]… [--language <lng>] | rotate-secret <id> [--overlap-minutes <n>]';

const config = loadConfig();
const db = createDb(config.database);
try {
  await migrate(db);
  const partners = createServices(db, config).partners;
  if (command === 'list') {
    for (const b of await partners.listBusinesses()) {
      console.log(`${b.id}\t${b.status}\t${b.name}\torigins ${b.allowedOrigins.join(' ')}\tscenes ${b.scenes.join(' ')}\tredirects ${b.redirectAllowlist.join(' ') || '-'}\tsecret since ${b.secretCreatedAt ?? '-'}`);
    }
  } else if (command === 'create' && id) {
    const parsed = createBusinessRequest.safeParse({
      id,
      name: one('--name'),
      allowedOrigins: all('--origin'),
      scenes: all('--scene').length > 0 ? all('--scene') : [id],
      redirectAllowlist: all('--redirect'),
      ...(one('--language') ? { defaultLanguage: one('--language') } : {}),
    });
    if (!parsed.success) throw new Error(`invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    const { business, secret } = await partners.createBusiness(parsed.data, SYSTEM);
    console.log(`Business ${business.id} created. API secret (shown once, keep it on your server only):\n${secret}`);
  } else if (command === 'rotate-secret' && id) {
    const parsed = rotateSecretRequest.safeParse({ overlapMinutes: one('--overlap-minutes') === undefined ? undefined : Number(one('--overlap-minutes')) });
    if (!parsed.success) throw new Error('invalid --overlap-minutes (0 to 10080)');
    const { business, secret } = await partners.rotateSecret(id, parsed.data.overlapMinutes, SYSTEM);
    console.log(`New API secret of ${business.id} (shown once); the old one works until ${business.previousSecretValidUntil ?? 'now'}:\n${secret}`);
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof BusinessError ? `Refused: ${err.message} (${err.retCode})` : (err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
