import { reviewerPage } from './support/console-setup.ts';
import { expect, loginThroughPage, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';

/**
 * Issue 30 (decision 040) in Chromium against the real server: the demo user eur-user@example.com
 * (currency EUR) reads the limits in US dollars, told that EUR has no rate, until the administrator
 * sets one in the console; then in euros, with the rate's time. A new user on a phone gives a mobile
 * number with its country's dial code, refused first by §5's rule.
 */
test('a EUR user sees the limit in US dollars saying so, then converted with the rate the administrator set and its time', async ({ page, browser }) => {
  await loginThroughPage(page, 'eur-user@example.com', 'demo-password-1', '/login?redirect_url=%2Fuser%2Faccounts%2Fauth%2Fpersonal');
  const limit = page.getByTestId('current-limit');
  await expect(limit).toContainText('0.20000000 BTC');
  await expect(limit).toContainText('$');
  await expect(page.getByTestId('rate-note')).toHaveText('Amounts are shown in US dollars: no current exchange rate for EUR is available.');

  const admin = await reviewerPage(browser, { email: 'admin@example.com', password: 'admin-password-1' });
  await admin.goto('/user/accounts/console/admin');
  const card = admin.getByRole('region', { name: 'Exchange rates' });
  await card.getByLabel('Set rates (from US dollars)').fill('{ "EUR": "0.5" }');
  await card.getByRole('button', { name: 'Save rates' }).click();
  await expect(card.getByTestId('rates-current')).toContainText('Rates from an administrator');
  await admin.context().close();

  await page.reload();
  // Level 0's $20,000 at 0.5: €10,000 (K/M/B from 1e3, §9), with the rate's time.
  await expect(limit).toContainText('€');
  await expect(limit).toContainText('10');
  await expect(limit).not.toContainText('$');
  await expect(page.getByTestId('rate-note')).toContainText('Amounts in EUR use the exchange rate of');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('a new user gives a mobile number with its dial code; §5 refuses 6 digits', async ({ page }) => {
    await registerViaApi(page, uniqueEmail('mobile'));
    await page.goto('/user/accounts/auth/personal');
    await page.getByLabel('First name').fill('Anna');
    await page.getByLabel('Last name').fill('Müller');
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByLabel('Nationality').selectOption('DE');
    await page.getByLabel('Country of residence').selectOption('DE');
    await page.getByLabel('Street address').fill('Hauptstraße 5');
    await page.getByLabel('City').fill('Hamburg');
    await page.getByLabel('Postal code').fill('20095');
    const country = page.getByLabel('Mobile number country');
    await expect(country.locator('option[value="DE"]')).toHaveText('Germany (+49)');
    await country.selectOption('DE');
    await page.getByRole('textbox', { name: 'Mobile number (optional)' }).fill('151234');
    await page.getByRole('button', { name: 'Save personal information' }).click();
    await expect(page.getByText('invalid mobile number')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Mobile number (optional)' })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('textbox', { name: 'Mobile number (optional)' }).fill(' 15123456789 ');
    await page.getByRole('button', { name: 'Save personal information' }).click();
    await expect(page.getByText('Personal information saved')).toBeVisible();
    await expect(page.getByText('+49 15123456789')).toBeVisible();
  });
});
