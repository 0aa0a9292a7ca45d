import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';

/**
 * Issue 16, what a new user meets, in Chromium against the real server: the verification steps are
 * history entries (Back, Forward, reload), a half-filled form survives a reload, a session that ends
 * mid-flow goes to /login and back to the same step, the default help links answer with real pages,
 * a skip link, and a title per page.
 */
const PASSWORD = 'correct-horse-battery';
const images = mkdtempSync(path.join(tmpdir(), 'first-use-e2e-'));

async function photo(name: string): Promise<string> {
  const file = path.join(images, name);
  const width = 1000;
  const height = 700;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 5) * 31) & 0xff;
  await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toFile(file);
  return file;
}

/** A new user with personal information saved through the real API. */
async function userWithPersonalInfo(page: Page, email: string) {
  await registerViaApi(page, email, PASSWORD);
  const res = await page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
    data: {
      firstName: 'Lena', middleName: '', lastName: 'Schmidt', dateOfBirth: '1988-03-02', nationality: 'DE', residenceCountry: 'DE',
      addressLine1: 'Hauptstraße 5', addressLine2: '', city: 'Hamburg', stateRegion: '', postalCode: '20095',
    },
  });
  expect((await res.json()).ret_code).toBe(0);
}

const stepHeading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 2, name });

test('the verification steps are history entries: Back, Forward and reload keep the place and what was chosen', async ({ page }) => {
  await userWithPersonalInfo(page, uniqueEmail('history'));
  await page.goto('/user/accounts/auth/personal');
  await page.getByRole('link', { name: 'Verify identity' }).click();
  await expect(stepHeading(page, 'Where was your document issued?')).toBeVisible();
  await expect(page).toHaveTitle('Country · Verify your identity · Account');
  await page.getByLabel('Issuing country').selectOption('ES');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Choose your document')).toBeVisible();
  await page.locator('label').filter({ hasText: 'ID card' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Upload the photos: ID card')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/kyc\?step=documents$/);
  await page.getByLabel('Front side').setInputFiles(await photo('front.jpg'));
  await expect(page.getByTestId('slot-DOCUMENT_FRONT').getByText('Uploaded', { exact: true })).toBeVisible();

  // The browser's Back: the previous step with the choice still made, then the one before.
  await page.goBack();
  await expect(stepHeading(page, 'Choose your document')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'ID card' })).toBeChecked();
  await page.goBack();
  await expect(stepHeading(page, 'Where was your document issued?')).toBeVisible();
  await expect(page.getByLabel('Issuing country')).toHaveValue('ES');
  // Forward, twice: the photos step, with the upload.
  await page.goForward();
  await expect(stepHeading(page, 'Choose your document')).toBeVisible();
  await page.goForward();
  await expect(stepHeading(page, 'Upload the photos: ID card')).toBeVisible();
  await expect(page.getByTestId('slot-DOCUMENT_FRONT')).toContainText('Uploaded');

  // A reload lands on the same step.
  await page.reload();
  await expect(stepHeading(page, 'Upload the photos: ID card')).toBeVisible();
  await expect(page.getByTestId('slot-DOCUMENT_FRONT')).toContainText('Uploaded earlier');
  // A step that cannot be entered yet (no back side, no selfie) is never shown from the address.
  await page.goto('/user/accounts/auth/kyc?step=review');
  await expect(stepHeading(page, 'Upload the photos: ID card')).toBeVisible();
  await expect(page).toHaveURL(/\?step=documents$/);
});

test('a half-filled personal information form survives a reload, and is gone after logout', async ({ page }) => {
  const email = uniqueEmail('draft');
  await registerViaApi(page, email, PASSWORD);
  await page.goto('/user/accounts/auth/personal');
  await expect(page).toHaveTitle('Personal information · Account');
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Street address').fill('Calle Mayor 1');
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Ana');
  await expect(page.getByLabel('Street address')).toHaveValue('Calle Mayor 1');
  await expect(page.getByRole('note').filter({ hasText: 'It is not saved yet' })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('ua:')))).toEqual([]);
});

test('a session that ends mid-flow goes to /login and, after signing in, back to the same step', async ({ page }) => {
  const email = uniqueEmail('expiry');
  await userWithPersonalInfo(page, email);
  await page.goto('/user/accounts/auth/kyc');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('label').filter({ hasText: 'Passport' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Upload the photos: Passport')).toBeVisible();

  // The session ends (the cookie is gone, as after it expires); the person carries on.
  await page.context().clearCookies({ name: 'ua_sid' });
  await page.getByLabel('Photo page').setInputFiles(await photo('passport.jpg'));
  await expect(page).toHaveURL(/\/login\?redirect_url=%2Fuser%2Faccounts%2Fauth%2Fkyc%3Fstep%3Ddocuments$/);

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/kyc\?step=documents$/);
  await expect(stepHeading(page, 'Upload the photos: Passport')).toBeVisible();
});

test('the default help links answer with real help pages, in the chosen language', async ({ page }) => {
  await registerViaApi(page, uniqueEmail('help'));
  await page.goto('/user/accounts/auth/personal?lang=en');
  const footer = page.getByRole('contentinfo');
  for (const name of ['FAQ', 'Verification guide', 'Contact support']) {
    const href = await footer.getByRole('link', { name }).getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.status(), `${name}: ${href}`).toBe(200);
  }
  // Every default link of the site configuration, not only the footer's.
  const config = await (await page.request.get('/x-api/v1/public/site-config?lang=en')).json();
  for (const href of Object.values(config.result.helpLinks as Record<string, string>)) {
    expect((await page.request.get(href)).status(), href).toBe(200);
  }

  await page.goto(config.result.helpLinks.kycFailureReasons);
  await expect(page.getByRole('heading', { level: 1, name: 'Common reasons verification fails' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Expired document' })).toBeVisible();
  await expect(page).toHaveTitle('Common reasons verification fails · Help centre · Account');
  await page.getByRole('link', { name: 'All help articles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  await page.getByRole('link', { name: 'Identity verification: frequently asked questions' }).click();
  await expect(page.getByText('you can also upload the PDF your bank or provider sent you')).toBeVisible();

  await page.goto('/user/accounts/help/guide?lang=de-DE');
  await expect(page.getByRole('heading', { level: 1, name: 'So schließen Sie die Identitätsprüfung ab' })).toBeVisible();
  await expect(page).toHaveTitle('So schließen Sie die Identitätsprüfung ab · Hilfe-Center · Konto');
});

test('a skip link is the first stop of the keyboard and moves to the main content', async ({ page }) => {
  await registerViaApi(page, uniqueEmail('skip'));
  await page.goto('/user/accounts/auth/personal?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab goes into the content, past the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('on a phone the way into the flow stays on screen and the overview is short', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await userWithPersonalInfo(page, uniqueEmail('phone'));
  await page.goto('/user/accounts/auth/personal?lang=en');
  const action = page.getByRole('link', { name: 'Verify identity' });
  await expect(action).toBeInViewport();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(action).toBeInViewport();
  // The footer's language picker is not hidden behind the bar.
  const picker = (await page.getByRole('contentinfo').getByLabel('Language').boundingBox())!;
  const bar = (await page.getByTestId('primary-action').boundingBox())!;
  expect(picker.y + picker.height).toBeLessThanOrEqual(bar.y);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2200);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
