import { reviewerPage } from './support/console-setup.ts';
import { expect, test } from './support/fixtures.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Issue 14 (decision 021) in the console against the real server: the demo administrator registers
 * a business and sees its API secret once; a reviewer without the role has no way in.
 */
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' } as const;

test('an administrator registers a business and sees its secret once', async ({ browser }) => {
  const page = await reviewerPage(browser, ADMIN);
  await page.getByRole('link', { name: 'Businesses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
  // The demo business is in the registry already.
  await expect(page.getByTestId('business-demo-partner')).toContainText('Demo Partner');

  const id = `e2e-${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Register a business' }).click();
  const form = page.getByRole('form', { name: 'Register a business' });
  await form.getByLabel(/^Business id/).fill(id);
  await form.getByLabel(/^Name shown to users/).fill('Initech Wallet');
  await form.getByLabel(/^Allowed origins/).fill('https://wallet.initech.example/');
  await form.getByLabel(/^Business scenes/).fill(id);
  await form.getByLabel(/^Redirect allowlist/).fill('https://wallet.initech.example');
  await form.getByRole('button', { name: 'Register' }).click();

  const secret = page.getByTestId('secret-once');
  await expect(secret).toContainText('It is shown only this once');
  await expect(secret.getByLabel('API secret')).toHaveValue(/^psk_[A-Za-z0-9_-]{40,}$/);
  const value = await secret.getByLabel('API secret').inputValue();
  await expect(page.getByTestId(`business-${id}`)).toContainText('https://wallet.initech.example');
  await secret.getByRole('button', { name: 'I have stored it' }).click();
  await expect(secret).toHaveCount(0);

  // Never again: neither the page after a reload nor the list's reply carries it.
  await page.reload();
  await expect(page.getByTestId(`business-${id}`)).toContainText('Initech Wallet');
  await expect(page.getByTestId('secret-once')).toHaveCount(0);
  const listed = await page.request.get('/x-api/v1/console/businesses');
  expect(await listed.text()).not.toContain(value);
  await page.context().close();
});

test('a reviewer without the administrator role has no link to businesses and is refused', async ({ browser }) => {
  const page = await reviewerPage(browser, REVIEWER);
  await expect(page.getByRole('link', { name: 'Businesses' })).toHaveCount(0);
  await page.goto('/user/accounts/console/businesses');
  await expect(page.getByText('For administrators only')).toBeVisible();
  const refused = await page.request.get('/x-api/v1/console/businesses');
  expect((await refused.json()).ret_code).toBe(10009);
  await page.context().close();
});
