import { completeSumsubSdk, sandboxReview } from './support/sumsub-stand-in.ts';
import { expect, loginThroughPage, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';

/**
 * Issue 9 in Chromium against the real server and the local Sumsub fake: a user routed to Sumsub
 * (demo routing: residents of GB) starts the verification, completes the stand-in WebSDK (document,
 * selfie, submit) in its frame, sees the level under review; Sumsub's review arrives by signed
 * webhook and the page shows the result by itself.
 */

test('a user routed to Sumsub completes the SDK, sees the level under review, then LEVEL_1 when Sumsub approves', async ({ page }) => {
  await loginThroughPage(page, 'vendor-sumsub@example.com', 'demo-password-1', '/login?redirect_url=%2Fuser%2Faccounts%2Fauth%2Fkyc%3Flevel%3D1');
  const session = await completeSumsubSdk(page);
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
  const session = await completeSumsubSdk(page);
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
