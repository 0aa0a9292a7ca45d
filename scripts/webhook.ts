/**
 * Webhook endpoints from the command line (issue 29, decision 050), on the configured database,
 * audited as `system`:
 *   node scripts/webhook.ts list
 *   node scripts/webhook.ts create <url> [--business <id>] [--event <type>]…   (no --event: every type)
 *   node scripts/webhook.ts rotate-secret <endpoint-id> [--overlap-minutes 1440]
 *   node scripts/webhook.ts disable|enable|delete <endpoint-id>
 *   node scripts/webhook.ts feed-keys | issue-feed-key "<what for>" | revoke-feed-key <key-id>   (decision 056)
 * `create` and `rotate-secret` print the new signing secret once: it is stored sealed and never shown again.
 * `issue-feed-key` prints the exchange-wide events feed key once: only its hash is stored.
 */
import { createWebhookRequest, issueFeedKeyRequest, rotateWebhookSecretRequest } from '../src/shared/api/webhooks.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/index.ts';
import { BusinessError } from '../src/server/errors.ts';
import { createServices } from '../src/server/services.ts';
import { flagsOf } from './cli-args.ts';

const SYSTEM = { type: 'system', id: null } as const;
const [command, arg, ...rest] = process.argv.slice(2);
const { all, one } = flagsOf(rest);
const USAGE = 'usage: node scripts/webhook.ts list | create <url> [--business <id>] [--event <type>]… | rotate-secret <id> [--overlap-minutes <n>] | disable <id> | enable <id> | delete <id> | feed-keys | issue-feed-key "<what for>" | revoke-feed-key <key-id>';

const config = loadConfig();
const db = createDb(config.database);
try {
  await migrate(db);
  const events = createServices(db, config).events;
  if (command === 'list') {
    for (const w of await events.list()) {
      console.log(`${w.id}\t${w.status}\t${w.businessId ?? 'exchange'}\t${w.url}\t${w.events.join(' ')}\tpending ${w.pendingDeliveries}${w.disabledReason ? `\t(${w.disabledReason})` : ''}`);
    }
  } else if (command === 'create' && arg) {
    const parsed = createWebhookRequest.safeParse({ url: arg, events: all('--event').length > 0 ? all('--event') : ['*'] });
    if (!parsed.success) throw new Error(`invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    const { id, secret } = await events.createEndpoint(one('--business') ?? null, parsed.data, SYSTEM);
    console.log(`Endpoint ${id} created. Signing secret (shown once, give it to the receiver only):\n${secret}`);
  } else if (command === 'rotate-secret' && arg) {
    const parsed = rotateWebhookSecretRequest.safeParse({ overlapMinutes: one('--overlap-minutes') === undefined ? undefined : Number(one('--overlap-minutes')) });
    if (!parsed.success) throw new Error('invalid --overlap-minutes (0 to 10080)');
    const { secret } = await events.rotateSecret(arg, parsed.data.overlapMinutes, SYSTEM);
    console.log(`New signing secret of ${arg} (shown once); the old one also signs for ${parsed.data.overlapMinutes} minutes:\n${secret}`);
  } else if ((command === 'disable' || command === 'enable') && arg) {
    const w = await events.setStatus(arg, command === 'disable' ? 'DISABLED' : 'ENABLED', SYSTEM);
    console.log(`${w.id} ${w.status}`);
  } else if (command === 'delete' && arg) {
    await events.remove(arg, SYSTEM);
    console.log(`${arg} deleted`);
  } else if (command === 'feed-keys') {
    for (const k of await events.feedKeys.list()) console.log(`${k.id}\t${k.revokedAt ? `revoked ${k.revokedAt}` : 'live'}\t${k.name}\tissued ${k.createdAt}\tlast used ${k.lastUsedAt ?? 'never'}`);
  } else if (command === 'issue-feed-key' && arg) {
    const parsed = issueFeedKeyRequest.safeParse({ name: arg });
    if (!parsed.success) throw new Error('invalid name (1 to 100 characters)');
    const { key, secret } = await events.feedKeys.issue(parsed.data.name, SYSTEM);
    console.log(`Events feed key ${key.id} issued for "${key.name}". The key (shown once, only its hash is stored; send it as Authorization: Bearer <key>):\n${secret}`);
  } else if (command === 'revoke-feed-key' && arg) {
    const k = await events.feedKeys.revoke(arg, SYSTEM);
    console.log(`${k.id} revoked at ${k.revokedAt}`);
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
