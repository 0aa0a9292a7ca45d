import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue 27, decision 059: the integration reference a partner's developer reads. Redoc, served from
 * our host, renders the generated OpenAPI document with a table of contents, examples, the signing
 * recipes and the webhook events, and the browser asks no other host for anything.
 */
// Redoc lays out the whole document on load: seconds on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });
const RENDERED = { timeout: 40_000 };

function recordRequests(page: Page) {
  const requests: string[] = [];
  const failed: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('requestfailed', (r) => failed.push(r.url()));
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  return { requests, failed };
}

test('the reference has contents, examples, signing recipes and the webhook events, all from our host', async ({ page, baseURL }) => {
  const { requests, failed } = recordRequests(page);
  await page.goto('/developers/');
  await expect(page.getByRole('heading', { level: 1, name: /integration API for partners/ })).toBeVisible(RENDERED);

  // The table of contents: the guide's sections, the calls by who makes them, the webhooks.
  const contents = page.getByRole('menu').first();
  for (const section of ["Signing your server's calls", 'Webhooks', 'Events feed', 'Your server (signed calls)', 'Webhooks (we call your endpoint)']) {
    await expect(contents.getByRole('menuitem', { name: section, exact: true })).toBeVisible();
  }
  // Prose without markup leftovers or references to the specification.
  await expect(page.getByText('§')).toHaveCount(0);
  await expect(page.getByText('*partner*')).toHaveCount(0);

  // A call with its request and reply examples and the recipe in three languages.
  await contents.getByRole('menuitem', { name: 'Your server (signed calls)', exact: true }).click();
  await contents.getByRole('menuitem', { name: /Issue an access token/ }).click();
  const operation = page.locator('[data-section-id$="/operation/post_v1_s1_kyc_integration_access_token"]');
  await expect(operation.getByRole('tab', { name: 'curl' })).toBeVisible();
  await expect(operation.getByRole('tab', { name: 'Node.js' })).toBeVisible();
  await expect(operation.getByRole('tab', { name: 'Python' })).toBeVisible();
  await operation.getByRole('tab', { name: 'Node.js' }).click();
  await expect(operation.getByText(/createHmac\('sha256', process\.env\.PARTNER_SECRET\)/).first()).toBeVisible();
  await expect(operation.getByText('"user-42"').first()).toBeVisible();
  await expect(operation.getByText('"sat_ya_LSyIYdAnJu_l4zDeek8QwP-yVavO9wsumDpiOm-M"').first()).toBeAttached();

  // The webhook events, each with its payload.
  await contents.getByRole('menuitem', { name: 'Webhooks (we call your endpoint)', exact: true }).click();
  await contents.getByRole('menuitem', { name: /kyc\.level\.status_changed/ }).click();
  const hook = page.locator('[data-section-id="operation/webhook_kyc_level_status_changed"]');
  await expect(hook.getByRole('heading', { name: 'kyc.level.status_changed (version 1)' })).toBeVisible();
  await expect(hook.getByText('"previousStatus"')).toBeVisible();
  await expect(hook.getByText('"schemaVersion"')).toBeVisible();

  // Everything came from our origin; nothing failed (the renderer, the document, fonts: ours).
  expect(requests.length).toBeGreaterThanOrEqual(3);
  expect(requests.filter((url) => !url.startsWith(`${baseURL}/`) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
  expect(failed).toEqual([]);
});

test('on a phone the contents open from the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/developers/');
  await expect(page.getByRole('heading', { level: 1, name: /integration API for partners/ })).toBeVisible(RENDERED);
  const signing = page.getByRole('menuitem', { name: "Signing your server's calls", exact: true });
  await expect(signing).not.toBeInViewport();
  // Redoc's floating button beside its sidebar opens the contents.
  await page.locator('.menu-content + div').click();
  await expect(signing).toBeInViewport();
  await signing.click();
  await expect(page.getByRole('heading', { name: "Signing your server's calls" })).toBeInViewport();
});
