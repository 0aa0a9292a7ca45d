import { execFile, execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { IntegrationPath } from '../../../shared/integration-paths.ts';
import { WebhookPath } from '../../../shared/api/webhooks.ts';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { newWebhookSecret, signingKey, webhookHeaders } from '../events/standard-webhooks.ts';
import { OPERATION_EXAMPLES } from './openapi-examples.ts';
import { NODE_VERIFY_WEBHOOK, PYTHON_VERIFY_WEBHOOK, SHELL_VERIFY_WEBHOOK, signedCallSamples } from './openapi-recipes.ts';

/**
 * The reference's signing recipes (decision 059) do what they say: each language's signed call,
 * run as a partner would run it, gets a token from the real server over HTTP; each webhook verifier
 * accepts a delivery signed by our real signer and refuses a changed one. Python and bash are the
 * machine's own; the Python cases say so when it has none.
 */
const run = promisify(execFile);
const PYTHON = (() => {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return 'python3';
  } catch {
    return null;
  }
})();
const SYSTEM = { type: 'system', id: null } as const;
const ACCESS_TOKEN = `${API_PREFIX}${IntegrationPath.integrationAccessToken}`;
const example = OPERATION_EXAMPLES['access-token']!.request as { externalUserId: string };

let app: App;
let close: () => Promise<void>;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}));
  const { secret } = await app.services.partners.createBusiness(
    { id: 'acme', name: 'Acme Wallet', allowedOrigins: ['https://wallet.acme.example'], scenes: ['acme'], redirectAllowlist: ['https://wallet.acme.example'], defaultLanguage: 'en' },
    SYSTEM,
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  env = { PATH: process.env.PATH, HOME: process.env.HOME, PYENV_ROOT: process.env.PYENV_ROOT, PARTNER_ID: 'acme', PARTNER_SECRET: secret, BASE_URL: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
});
afterAll(async () => close());

const [shellCall, nodeCall, pythonCall] = signedCallSamples('POST', ACCESS_TOKEN, example);
const tokensOfExampleUser = async () => {
  const applicant = await app.db.selectFrom('partner_applicants').select('user_id').where('business_id', '=', 'acme').where('external_user_id', '=', example.externalUserId).executeTakeFirst();
  return applicant ? app.db.selectFrom('sdk_access_tokens').selectAll().where('user_id', '=', applicant.user_id).execute() : [];
};

// Webhook deliveries to verify: signed by our signer as a rotation's overlap signs (two signatures,
// the receiver's secret the second); then a changed body and an hour-old timestamp, both refused.
const hookSecret = newWebhookSecret();
const hookKey = signingKey(hookSecret);
const hookBody = JSON.stringify({ type: 'kyc.level.status_changed', timestamp: new Date().toISOString(), data: { schemaVersion: 1, level: 1, status: 'SUCCESS' } });
const now = () => Math.floor(Date.now() / 1000);
const deliveries = () => [
  { headers: webhookHeaders([signingKey(newWebhookSecret()), hookKey], 'evt_1', now(), hookBody), body: hookBody, valid: true },
  { headers: webhookHeaders([hookKey], 'evt_2', now(), hookBody), body: hookBody.replace('SUCCESS', 'PENDING'), valid: false },
  { headers: webhookHeaders([hookKey], 'evt_3', now() - 3600, hookBody), body: hookBody, valid: false },
];

/** One process per language (starting one costs about a second here): each prints one JSON line per result. */
const linesOf = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as unknown);

describe('the recipes in Node.js and the shell (curl, openssl)', () => {
  it("sign the partner's calls (a token for the example user, the feed with a signed GET) and verify our webhooks", async () => {
    const cases = deliveries();
    // One module: the verifier's import of createHmac is the signed call's already.
    const node = `${nodeCall!.source}
console.log(JSON.stringify(await callSigned('GET', ${JSON.stringify(`${API_PREFIX}${WebhookPath.integrationEvents}?limit=10`)})));
${NODE_VERIFY_WEBHOOK.replace(/^import \{ createHmac, /, 'import { ')}
for (const c of JSON.parse(process.env.CASES)) console.log(JSON.stringify(verifyWebhook(process.env.HOOK_SECRET, c.headers, c.body)));`;
    const caseEnv = { HOOK_SECRET: hookSecret, CASES: JSON.stringify(cases) };
    const [token, feed, ...verdicts] = linesOf((await run(process.execPath, ['--input-type=module', '-e', node], { env: { ...env, ...caseEnv } })).stdout) as [
      { ret_code: number; result: { accessToken: string } },
      { ret_code: number; result: { events: unknown[] } },
      ...boolean[],
    ];
    expect(token.ret_code, JSON.stringify(token)).toBe(0);
    expect(token.result.accessToken).toMatch(/^sat_/);
    expect(feed.ret_code, JSON.stringify(feed)).toBe(0);
    expect(Array.isArray(feed.result.events)).toBe(true);
    expect(verdicts).toEqual(cases.map((c) => c.valid));

    const shellCases = cases.map((c, i) => `printf '%s' "$BODY_${i}" | verify_webhook "$HOOK_SECRET" '${c.headers['webhook-id']}' '${c.headers['webhook-timestamp']}' '${c.headers['webhook-signature']}' && echo true || echo false`);
    const shell = `${shellCall!.source}\necho\n${SHELL_VERIFY_WEBHOOK}\n${shellCases.join('\n')}`;
    const bodies = Object.fromEntries(cases.map((c, i) => [`BODY_${i}`, c.body]));
    const [curl, ...shellVerdicts] = linesOf((await run('bash', ['-c', shell], { env: { ...env, HOOK_SECRET: hookSecret, ...bodies } })).stdout) as [{ ret_code: number }, ...boolean[]];
    expect(curl.ret_code, JSON.stringify(curl)).toBe(0);
    expect(shellVerdicts).toEqual(cases.map((c) => c.valid));
    // Stored: the two tokens (Node.js, curl) of the applicant the example names.
    expect((await tokensOfExampleUser()).length).toBe(2);
  });
});

describe('the recipes in Python', () => {
  it.skipIf(!PYTHON)("sign the partner's calls and verify our webhooks", async () => {
    const before = (await tokensOfExampleUser()).length;
    const cases = deliveries();
    const python = `${pythonCall!.source}
${PYTHON_VERIFY_WEBHOOK}
for c in json.loads(os.environ["CASES"]):
    print(json.dumps(verify_webhook(os.environ["HOOK_SECRET"], c["headers"], c["body"].encode())))`;
    const [reply, ...verdicts] = linesOf((await run(PYTHON!, ['-c', python], { env: { ...env, HOOK_SECRET: hookSecret, CASES: JSON.stringify(cases) } })).stdout) as [{ ret_code: number }, ...boolean[]];
    expect(reply.ret_code, JSON.stringify(reply)).toBe(0);
    expect(verdicts).toEqual(cases.map((c) => c.valid));
    expect((await tokensOfExampleUser()).length).toBe(before + 1);
  });
});
