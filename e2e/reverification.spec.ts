import { expect, loginThroughPage, test } from './support/fixtures.ts';

/**
 * Issue 10, the re-verification page in Chromium against the real server, with the seeded demo
 * users (their requests, updates and rejections were made through the services): §2's Turkey rule
 * (site TUR and residence TR) replaces the web button with the tip to use the app.
 */
const DEMO_PASSWORD = 'demo-password-1';

test('reverify-tr reaches the page from the overview and sees the app tip, Turkey’s requirements and no web button, on a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await loginThroughPage(page, 'reverify-tr@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/personal$/);
  await page.getByRole('link', { name: 'Re-verification required: open the reverification page' }).click();
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/reverification$/);
  await expect(page).toHaveTitle(/^Reverification/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reverification' })).toBeVisible();

  const panel = page.getByTestId('panel-POI');
  await expect(panel).toHaveAttribute('data-status', 'DisplayUpdatePOIStatus_Needed');
  await expect(panel.getByTestId('app-tip')).toContainText('In your region this verification is completed in our mobile app.');
  await expect(panel.getByRole('link', { name: 'Verify now' })).toHaveCount(0);
  await expect(panel.getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId('requirements')).toHaveAttribute('data-region', 'turkey');
  await expect(page.getByTestId('requirements')).toContainText('NFC');
  await expect(page.getByTestId('deadline')).toContainText('Verification deadline:');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Typing the web update's address does not open the capture either.
  await page.goto('/user/accounts/auth/updatekyc');
  await expect(page.getByTestId('update-refused')).toContainText('completed in our mobile app');
  await expect(page.getByLabel('Document number')).toHaveCount(0);
});

test('reverify-needed, on the main site, gets the web verify button to updatekyc', async ({ page }) => {
  await loginThroughPage(page, 'reverify-needed@example.com', DEMO_PASSWORD);
  await page.getByRole('link', { name: 'Re-verification required: open the reverification page' }).click();
  const panel = page.getByTestId('panel-POI');
  await expect(panel).toContainText('Why: Your document has expired.');
  await expect(panel.getByTestId('app-tip')).toHaveCount(0);
  await expect(page.getByTestId('requirements')).toHaveAttribute('data-region', 'default');
  await panel.getByRole('link', { name: 'Verify now' }).click();
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/updatekyc$/);
  await expect(page.getByLabel('First name')).toHaveValue('Emma');
});
