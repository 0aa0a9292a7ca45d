import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { SUMSUB_DEMO_CREDENTIALS } from '../src/server/modules/providers/providers.service.ts';
import { expect, loginThroughPage, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';

/**
 * Issue 9 in Chromium against the real server and the local Sumsub fake: a user routed to Sumsub
 * (demo routing: residents of GB) starts the verification, completes the stand-in WebSDK (document,
 * selfie, submit) in its frame, sees the level under review; Sumsub's review arrives by signed
 * webhook and the page shows the result by itself.
 */

/** What a test picture looks like to the fake: any image bytes. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f40000000049454e44ae426082', 'hex');

/** Sumsub's sandbox review call, signed with the fake's published demo credentials. */
async function sandboxReview(apiUrl: string, applicantId: string, result: object) {
  const path = `/resources/applicants/${applicantId}/status/testCompleted`;
  const body = JSON.stringify(result);
  const ts = Math.floor(Date.now() / 1000).toString();
  const sig = createHmac('sha256', SUMSUB_DEMO_CREDENTIALS.secretKey).update(ts + 'POST' + path + body).digest('hex');
  const res = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-app-token': SUMSUB_DEMO_CREDENTIALS.appToken, 'x-app-access-ts': ts, 'x-app-access-sig': sig },
  });
  expect(res.status).toBe(200);
}

/** Starts the Sumsub verification on the kyc page and completes the stand-in SDK; returns the session. */
async function verifyInSdk(page: Page): Promise<{ apiUrl: string; externalId: string }> {
  await expect(page.getByRole('heading', { name: 'Verify with Sumsub' })).toBeVisible();
  const token = page.waitForResponse((r) => r.url().endsWith('/vendor-token'));
  await page.getByRole('button', { name: 'Start verification with Sumsub' }).click();
  const session = (await (await token).json()).result as { apiUrl: string; externalId: string };
  const sdk = page.frameLocator('iframe[title="Sumsub verification"]');
  await sdk.getByLabel('Photo of your identity document (front)').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await sdk.getByRole('button', { name: 'Continue' }).click();
  await sdk.getByLabel('A selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
  await sdk.getByRole('button', { name: 'Continue' }).click();
  await sdk.getByRole('button', { name: 'Submit' }).click();
  return session;
}

test('a user routed to Sumsub completes the SDK, sees the level under review, then LEVEL_1 when Sumsub approves', async ({ page }) => {
  await loginThroughPage(page, 'vendor-sumsub@example.com', 'demo-password-1', '/login?redirect_url=%2Fuser%2Faccounts%2Fauth%2Fkyc%3Flevel%3D1');
  const session = await verifyInSdk(page);
  await expect(page.getByRole('heading', { name: 'Level 1 is under review' })).toBeVisible();

  await sandboxReview(session.apiUrl, session.externalId, { reviewAnswer: 'GREEN' });
  await expect(page.getByRole('heading', { name: 'Level 1 is verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to my account' }).first().click();
  await expect(page.getByTestId('level-1')).toContainText('Verified');
});

test('a RETRY rejection from Sumsub shows its reasons translated, and the user can verify again', async ({ page }) => {
  const email = uniqueEmail('sumsub-retry');
  await page.goto('/login');
  await registerViaApi(page, email);
  const saved = await page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
    data: { firstName: 'Harriet', lastName: 'Clarke', dateOfBirth: '1989-06-01', nationality: 'GB', residenceCountry: 'GB', addressLine1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA' },
  });
  expect((await saved.json()).ret_code).toBe(0);
  await page.goto('/user/accounts/auth/kyc?level=1');
  const session = await verifyInSdk(page);
  await expect(page.getByRole('heading', { name: 'Level 1 is under review' })).toBeVisible();

  await sandboxReview(session.apiUrl, session.externalId, {
    reviewAnswer: 'RED',
    reviewRejectType: 'RETRY',
    rejectLabels: ['UNSATISFACTORY_PHOTOS', 'SELFIE_MISMATCH'],
    moderationComment: 'Please take the photo again without glare.',
    clientComment: 'INTERNAL: do not show',
  });
  await expect(page.getByText('The document photo is not readable')).toBeVisible();
  await expect(page.getByText('The selfie does not match the document')).toBeVisible();
  await expect(page.getByText('Please take the photo again without glare.')).toBeVisible();
  await expect(page.getByText('INTERNAL: do not show')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start verification with Sumsub' })).toBeEnabled();
});
