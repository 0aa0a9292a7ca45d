import type { Page } from '@playwright/test';
import { reviewerPage } from './support/console-setup.ts';
import { completeSumsubSdk, PNG, sandboxReview } from './support/sumsub-stand-in.ts';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Issue 10 for a user whom a vendor verifies (decision 017, "Updates at a vendor"), in Chromium
 * against the real server and the local Sumsub fake: a GB resident verified by Sumsub (like the demo
 * user reverify-vendor@example.com) is asked for a new identity document; on updatekyc they complete
 * Sumsub's stand-in SDK and see the update under review; Sumsub's signed webhook rejects it (the
 * page shows every reason, translated), they send it again, Sumsub approves, and the page says the
 * new document is verified — with nothing pending and the level kept.
 */

async function kycInfo(page: Page) {
  const reply = await page.request.post('/x-api/v3/private/kyc/kyc-info', { data: { obtain_state: true, obtain_display_control: true } });
  return ((await reply.json()) as { result: { state: { level: number; status: string }[]; displayControl: { displayUpdatePOI: { status: string } } } }).result;
}

/** A GB resident verified at level 1 by Sumsub: the session through our API, the submission and the review at the fake. */
async function verifiedBySumsub(page: Page): Promise<string> {
  const email = uniqueEmail('reverify-sumsub');
  await registerViaApi(page, email);
  const saved = await page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
    data: { firstName: 'Camille', lastName: 'Laurent', dateOfBirth: '1987-09-21', nationality: 'FR', residenceCountry: 'GB', addressLine1: '14 Royal Crescent', city: 'Bath', postalCode: 'BA1 2LR' },
  });
  expect((await saved.json()).ret_code).toBe(0);
  const session = (await (await page.request.post('/x-api/v3/private/kyc/vendor-token', { data: { level: 1 } })).json()).result as { apiUrl: string; token: string; externalId: string };
  // What the stand-in SDK posts when the user submits (the page itself is exercised below).
  const form = new FormData();
  form.append('document', new Blob([PNG], { type: 'image/png' }), 'front.png');
  form.append('selfie', new Blob([PNG], { type: 'image/png' }), 'selfie.png');
  expect((await fetch(`${session.apiUrl}/websdk/p/${encodeURIComponent(session.token)}/submit`, { method: 'POST', body: form })).status).toBe(200);
  await sandboxReview(session.apiUrl, session.externalId, { reviewAnswer: 'GREEN' });
  await expect.poll(async () => (await kycInfo(page)).state.find((s) => s.level === 1)?.status).toBe('SUCCESS');
  return email;
}

test('a Sumsub user asked for a new ID updates it in Sumsub\'s flow: pending, rejected with translated reasons, sent again, verified', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = await verifiedBySumsub(page);

  // A reviewer asks for the identity document again.
  const reviewer = await reviewerPage(browser, REVIEWER);
  const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const asked = await reviewer.request.post('/x-api/v1/console/reverification-requests', { data: { email, target: 'POI', reason: 'DOCUMENT_EXPIRED', message: 'Your passport expired.', deadline } });
  expect((await asked.json()).ret_code).toBe(0);

  // The user: the page's verify link leads to updatekyc, which now opens Sumsub's flow (no dead end).
  await page.goto('/user/accounts/auth/reverification');
  const panel = page.getByTestId('panel-POI');
  await expect(panel).toHaveAttribute('data-status', 'DisplayUpdatePOIStatus_Needed');
  await panel.getByRole('link', { name: 'Verify now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update your identity document' })).toBeVisible();
  const first = await completeSumsubSdk(page, 'update-vendor-token');
  await expect(page.getByTestId('processing')).toContainText('Your new identity document is being processed.');
  expect((await kycInfo(page)).displayControl.displayUpdatePOI.status).toBe('DisplayUpdatePOIStatus_Pending');

  // Sumsub rejects the update: the page shows each reason, translated, and the message it allows.
  await sandboxReview(first.apiUrl, first.externalId, {
    reviewAnswer: 'RED',
    reviewRejectType: 'RETRY',
    rejectLabels: ['UNSATISFACTORY_PHOTOS', 'SELFIE_MISMATCH'],
    moderationComment: 'Please take the photo again without glare.',
    clientComment: 'INTERNAL: do not show',
  });
  await expect(page.getByTestId('review-failed')).toContainText('The document photo is not readable');
  await expect(page.getByTestId('review-failed')).toContainText('The selfie does not match the document');
  await expect(page.getByTestId('review-failed')).toContainText('Please take the photo again without glare.');
  await expect(page.getByText('INTERNAL: do not show')).toHaveCount(0);

  // Sent again in Sumsub's flow; Sumsub approves: nothing is pending any more, the level stays.
  const second = await completeSumsubSdk(page, 'update-vendor-token');
  await expect(page.getByTestId('processing')).toBeVisible();
  await sandboxReview(second.apiUrl, second.externalId, { reviewAnswer: 'GREEN' });
  await expect(page.getByTestId('update-verified')).toContainText('Your new identity document is verified.');
  const after = await kycInfo(page);
  expect(after.displayControl.displayUpdatePOI.status).toBe('DisplayUpdatePOIStatus_No');
  expect(after.state.find((s) => s.level === 1)?.status).toBe('SUCCESS');
  await page.goto('/user/accounts/auth/reverification');
  await expect(page.getByTestId('panel-POI')).toHaveCount(0);
});
