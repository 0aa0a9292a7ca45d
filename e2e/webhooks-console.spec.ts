import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import defaultConfig from 'lighthouse/core/config/default-config.js';
import { Webhook } from 'standardwebhooks';
import { pendingApplicant, reviewerPage } from './support/console-setup.ts';
import { expect, test } from './support/fixtures.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Issue 29 in the console against the real server (decision 056): the demo administrator registers
 * a webhook endpoint pointing at a local receiver (the e2e server allows private addresses), sees
 * its signing secret once, a reviewer's approval arrives signed (verified with the specification's
 * own package) and shows as delivered in the endpoint's log; disabling works. A reviewer without
 * the role sees no link and is refused.
 */
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' } as const;
const LIGHTHOUSE_RULES = (defaultConfig.categories?.accessibility?.auditRefs ?? []).filter((r) => r.weight > 0).map((r) => r.id);

interface Received {
  headers: Record<string, string>;
  body: string;
}
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${Date.now().toString(36)}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withRules(LIGHTHOUSE_RULES).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an administrator registers an endpoint, sees its secret once, an approval is delivered signed and logged, and disables it', async ({ page: applicant, browser }) => {
  test.setTimeout(150_000);
  const admin = await reviewerPage(browser, ADMIN);
  // A phone's width: the page must work there.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.getByRole('link', { name: 'Webhooks' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

  await admin.getByRole('button', { name: 'Add an endpoint' }).click();
  const form = admin.getByRole('form', { name: 'Add an endpoint' });
  // A wrong address is refused in words, before any call.
  await form.getByLabel(/^Endpoint URL/).fill('not an address');
  await form.getByRole('button', { name: 'Register the endpoint' }).click();
  await expect(form.getByText('Enter an address starting with https:// or http://.')).toBeVisible();
  await form.getByLabel(/^Endpoint URL/).fill(receiverUrl);
  await form.getByText('Only the types I choose', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'Only the types I choose' })).toBeChecked();
  await form.getByLabel('kyc.level.status_changed').check();
  await form.getByRole('button', { name: 'Register the endpoint' }).click();

  const secretBox = admin.getByTestId('secret-once');
  await expect(secretBox).toContainText("You won't see it again");
  const secret = await secretBox.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
  const item = admin.locator('li[data-testid^="webhook-"]').filter({ hasText: receiverUrl });
  await expect(item).toContainText('Every user\'s events (exchange-wide)');
  await expect(item).toContainText('kyc.level.status_changed');
  await expect(item).toContainText('Enabled');
  await expectNoViolations(admin);
  await secretBox.getByRole('button', { name: 'I have stored it' }).click();
  await expect(secretBox).toHaveCount(0);
  // Never again: the list's reply does not carry it.
  expect(await (await admin.request.get('/x-api/v1/console/webhooks')).text()).not.toContain(secret);

  // An applicant submits; a reviewer approves through the console.
  const email = await pendingApplicant(applicant, 'hooks');
  const userId = ((await (await applicant.request.get('/x-api/v2/private/user/profile')).json()) as { result: { id: string } }).result.id;
  const reviewer = await reviewerPage(browser, REVIEWER);
  await reviewer.getByRole('link', { name: email }).click();
  await reviewer.getByRole('button', { name: 'Approve' }).first().click();
  const approve = reviewer.getByRole('dialog', { name: 'Approve this application?' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toHaveCount(0);

  // The receiver gets the approval, signed with the secret shown once (verified by Standard Webhooks' own package).
  const verifier = new Webhook(secret);
  const approval = async () =>
    received
      .map((r) => ({ r, body: JSON.parse(r.body) as { type: string; data: { userId: string; status: string; cause: string } } }))
      .find(({ body }) => body.type === 'kyc.level.status_changed' && body.data.userId === userId && body.data.cause === 'APPROVE');
  await expect.poll(async () => (await approval()) !== undefined, { timeout: 20_000 }).toBe(true);
  const { r } = (await approval())!;
  expect(verifier.verify(r.body, r.headers)).toMatchObject({ type: 'kyc.level.status_changed', data: { userId, status: 'SUCCESS' } });
  const eventId = r.headers['webhook-id']!;

  // The log shows it delivered: the type, status, one attempt, HTTP 200, the receiver's answer.
  await item.getByRole('button', { name: `Delivery log and secret of ${receiverUrl}` }).click();
  const row = admin.getByTestId(`delivery-${eventId}`);
  await expect(row).toContainText('Delivered', { timeout: 20_000 });
  await expect(row).toContainText('kyc.level.status_changed');
  await expect(row).toContainText('200');
  await expect(row).toContainText('{"received":true}');
  await expectNoViolations(admin);

  // Redeliver one event: it goes again, with the same webhook-id.
  const before = received.filter((x) => x.headers['webhook-id'] === eventId).length;
  await row.getByRole('button', { name: /^Redeliver kyc\.level\.status_changed/ }).click();
  await expect(admin.getByText('Scheduled again: 1.')).toBeVisible();
  await expect.poll(() => received.filter((x) => x.headers['webhook-id'] === eventId).length, { timeout: 20_000 }).toBe(before + 1);

  // Disable: the page says so, and the server stored it.
  await item.getByRole('button', { name: `Disable ${receiverUrl}` }).click();
  await expect(item).toContainText('Disabled by an administrator.');
  await expect(item.getByRole('button', { name: `Enable ${receiverUrl}` })).toBeVisible();
  const listed = (await (await admin.request.get('/x-api/v1/console/webhooks')).json()) as { result: { webhooks: { url: string; status: string }[] } };
  expect(listed.result.webhooks.find((w) => w.url === receiverUrl)?.status).toBe('DISABLED');

  // Delete, after confirming.
  await item.getByRole('button', { name: `Delete ${receiverUrl}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete this endpoint?' });
  await confirm.getByRole('button', { name: 'Delete the endpoint' }).click();
  await expect(item).toHaveCount(0);
  await admin.context().close();
  await reviewer.context().close();
});

test('an administrator issues an events feed key, shown once; it reads the exchange-wide feed until revoked', async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await reviewerPage(browser, ADMIN);
  await admin.goto('/user/accounts/console/webhooks');
  const card = admin.getByRole('region', { name: 'Events feed keys' });
  const name = `Withdrawals ${Date.now().toString(36)}`;
  await card.getByLabel(/^What the key is for/).fill(name);
  await card.getByRole('button', { name: 'Issue a key' }).click();
  const secretBox = card.getByTestId('secret-once');
  await expect(secretBox).toContainText("You won't see it again");
  const key = await secretBox.getByLabel('Events feed key').inputValue();
  expect(key).toMatch(/^efk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  await secretBox.getByRole('button', { name: 'I have stored it' }).click();
  await expect(secretBox).toHaveCount(0);

  // The key reads the feed (a fresh context: no session cookie, only the key).
  const feed = '/x-api/v1/exchange/kyc/integration/events?limit=5';
  const reader = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 8181}` });
  const read = async () => (await (await reader.request.get(feed, { headers: { authorization: `Bearer ${key}` } })).json()) as { ret_code: number; result: { events: unknown[]; next: string } };
  const ok = await read();
  expect(ok.ret_code).toBe(0);
  expect(ok.result.next).toMatch(/^[0-9]+$/);
  const row = card.getByTestId(`feed-key-${key.slice(4, 20)}`);
  await admin.reload();
  await expect(row).toContainText(name);
  await expect(row).toContainText('last used');

  // Revoked after confirming: refused from then on.
  await row.getByRole('button', { name: `Revoke the key for ${name}` }).click();
  await admin.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke the key' }).click();
  await expect(row).toContainText('Revoked');
  expect((await read()).ret_code).toBe(39009);
  await reader.close();
  await admin.context().close();
});

test('a reviewer without the administrator role has no link to webhooks and is refused', async ({ browser }) => {
  const page = await reviewerPage(browser, REVIEWER);
  await expect(page.getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
  await page.goto('/user/accounts/console/webhooks');
  await expect(page.getByText('For administrators only')).toBeVisible();
  const refused = await page.request.get('/x-api/v1/console/webhooks');
  expect((await refused.json()).ret_code).toBe(10009);
  await page.context().close();
});
