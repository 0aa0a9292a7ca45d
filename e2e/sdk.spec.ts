import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue 14 in Chromium against the real server: the demo partner page (on 127.0.0.1) gets an access
 * token from its own backend (signed with the demo business's secret) and embeds the SDK flow from
 * the other origin (localhost) in an iframe. The user completes level 1 inside the frame; the
 * partner's page receives the flow's postMessage events; "Done" jumps back to the partner's allowed
 * redirect_url.
 */
const images = mkdtempSync(path.join(tmpdir(), 'sdk-e2e-'));

async function testImage(name: string, width = 1200, height = 800): Promise<string> {
  const file = path.join(images, name);
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 5) * 31) & 0xff;
  await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toFile(file);
  return file;
}

test('a partner page embeds the flow: level 1 in SDK mode, events to the parent, jump-back to the allowed URL', async ({ page }) => {
  test.setTimeout(90_000);
  const [front, back, selfie] = [await testImage('front.jpg'), await testImage('back.jpg', 1100, 760), await testImage('selfie.jpg')];
  await page.goto('/partner-demo/');
  await page.getByLabel('Your user id at Demo Partner').fill(`demo-user-${Date.now().toString(36)}`);
  await page.getByLabel('Language').selectOption('en');
  await page.getByRole('button', { name: 'Verify with the exchange' }).click();

  const frameElement = page.locator('iframe[title="Identity verification"]');
  await expect(frameElement).toHaveAttribute('src', /^http:\/\/localhost:\d+\/user\/accounts\/auth\/sdk\?token=sat_/);
  const frame = page.frameLocator('iframe[title="Identity verification"]');

  // The SDK page: the partner's name, no header or footer, the way in.
  await expect(frame.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expect(frame.getByTestId('sdk-bar')).toContainText('Verification for Demo Partner');
  await expect(frame.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  await frame.getByRole('link', { name: 'Start level 1' }).click();

  // Personal information, through the integration endpoints.
  await frame.getByRole('button', { name: 'Add personal information' }).click();
  await frame.getByLabel('First name').fill('María');
  await frame.getByLabel('Last name').fill('García-López');
  await frame.getByLabel('Date of birth').fill('1990-05-17');
  await frame.getByLabel('Nationality').selectOption('ES');
  await frame.getByLabel('Country of residence').selectOption('ES');
  await frame.getByLabel('Street address').fill('Calle de Alcalá 42');
  await frame.getByLabel('City').fill('Madrid');
  await frame.getByLabel('Postal code').fill('28014');
  await frame.getByRole('button', { name: 'Save personal information' }).click();
  await expect(frame.getByText('Personal information saved')).toBeVisible();

  // Level 1 with the in-house provider. The next action comes into view with the keyboard on it, below
  // the "saved" message at the top (which covered it, and took the click, before it had room there).
  await expect(frame.getByRole('link', { name: 'Verify identity' })).toBeFocused();
  await frame.getByRole('link', { name: 'Verify identity' }).click();
  await expect(frame.getByRole('heading', { name: 'Where was your document issued?' })).toBeVisible();
  await frame.getByRole('button', { name: 'Continue' }).click();
  await frame.locator('label').filter({ hasText: 'ID card' }).click();
  await frame.getByRole('button', { name: 'Continue' }).click();
  await frame.getByLabel('Front side').setInputFiles(front);
  await expect(frame.getByTestId('slot-DOCUMENT_FRONT').getByText('Uploaded', { exact: true })).toBeVisible();
  await frame.getByLabel('Back side').setInputFiles(back);
  await expect(frame.getByTestId('slot-DOCUMENT_BACK').getByText('Uploaded', { exact: true })).toBeVisible();
  await frame.getByRole('button', { name: 'Continue' }).click();
  await frame.getByLabel('Selfie photo').setInputFiles(selfie);
  await expect(frame.getByTestId('slot-SELFIE').getByText('Uploaded', { exact: true })).toBeVisible();
  await frame.getByRole('button', { name: 'Continue' }).click();
  // The review shows the stored uploads: read with the SDK headers (an <img> alone cannot send them).
  const preview = frame.getByTestId('review-DOCUMENT_FRONT').getByRole('img');
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  await frame.getByRole('button', { name: 'Submit for review' }).click();
  await expect(frame.getByRole('heading', { name: 'Documents submitted' })).toBeVisible();

  // The partner's page heard the flow, in order, from the exchange's origin only.
  const events = page.getByRole('list', { name: 'Events from the flow' });
  await expect(events).toContainText('kyc.step_started {"route":"sdk"');
  await expect(events).toContainText('kyc.step_started {"route":"kyc","step":"selfie"}');
  await expect(events).toContainText('kyc.submitted {"level":1}');
  await expect(events).toContainText('kyc.status_changed {"level":1,"status":"PENDING"');
  // Its backend received the change as a signed webhook and verified it (decision 056), shown live.
  await expect(page.getByRole('list', { name: 'Webhooks our backend received' })).toContainText(/kyc\.level\.status_changed at .*: signature verified ✓/, { timeout: 15_000 });

  // Done: back to the partner's allowed redirect_url, the whole page.
  await frame.getByRole('button', { name: 'Done: return to Demo Partner' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/partner-demo\/done$/);
  await expect(page.getByRole('heading', { name: 'Welcome back to Demo Partner' })).toBeVisible();
});

test('a later page of the flow reloaded inside the partner frame is framed again and still shows the flow', async ({ page }) => {
  await page.goto('/partner-demo/');
  await page.getByLabel('Your user id at Demo Partner').fill(`demo-reload-${Date.now().toString(36)}`);
  await page.getByLabel('Language').selectOption('en');
  await page.getByRole('button', { name: 'Verify with the exchange' }).click();
  const frame = page.frameLocator('iframe[title="Identity verification"]');
  await frame.getByRole('link', { name: 'Start level 1' }).click();
  await expect(frame.getByRole('button', { name: 'Add personal information' })).toBeVisible();

  // The frame's address has no token any more, but keeps the business marker.
  const inner = page.frames().find((f) => f.url().includes('/user/accounts/auth/personal'))!;
  expect(new URL(inner.url()).searchParams.get('sdkBusiness')).toBe('demo-partner');
  expect(inner.url()).not.toContain('token=');
  await inner.evaluate(() => window.location.reload());
  await expect(frame.getByTestId('sdk-bar')).toContainText('Verification for Demo Partner');
  await expect(frame.getByRole('button', { name: 'Add personal information' })).toBeVisible();
  // Still the SDK view: no header; still the link's language (English, not the SDK default).
  await expect(frame.getByRole('banner')).toHaveCount(0);
  await expect(frame.locator('html')).toHaveAttribute('lang', 'en');
});

test('the SDK page with an unknown token says the link is no longer valid, and never sends to the login page', async ({ page }) => {
  await page.goto('/user/accounts/auth/sdk?token=sat_unknown&from=demo-partner&lang=en');
  await expect(page.getByRole('alert')).toContainText('This verification link is no longer valid');
  // Nothing asked the user to log in: SDK mode has no session.
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/sdk/);
});
