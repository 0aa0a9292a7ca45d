import { reviewerPage } from './support/console-setup.ts';
import { completeSumsubSdk, sandboxReview } from './support/sumsub-stand-in.ts';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Decision 022 in Chromium against the real server and the local Sumsub fake: Sumsub rejects a
 * user for good; the demo reviewer (a senior reviewer) finds the case Sumsub decided, sees Sumsub's
 * decision and reasons, overrides it with an approval and says why; the user's overview then shows
 * level 1 verified, and the case shows both decisions.
 */

test('a senior reviewer overrides Sumsub\'s final rejection; the user\'s level 1 becomes verified', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('override');
  await page.goto('/login');
  await registerViaApi(page, email);
  const saved = await page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
    data: { firstName: 'Eleanor', lastName: 'Price', dateOfBirth: '1986-02-11', nationality: 'GB', residenceCountry: 'GB', addressLine1: '4 Mill Lane', city: 'York', postalCode: 'YO1 7HH' },
  });
  expect((await saved.json()).ret_code).toBe(0);
  await page.goto('/user/accounts/auth/kyc?level=1');
  const session = await completeSumsubSdk(page);
  await expect(page.getByRole('heading', { name: 'Level 1 is under review' })).toBeVisible();
  await sandboxReview(session.apiUrl, session.externalId, { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['DOCUMENT_DAMAGED', 'SELFIE_MISMATCH'], moderationComment: 'We cannot verify you.' });
  await expect(page.getByText('We cannot verify you.')).toBeVisible();
  await page.goto('/user/accounts/auth/personal');
  await expect(page.getByTestId('level-1')).not.toContainText('Verified');

  // The reviewer finds the case Sumsub rejected.
  const reviewer = await reviewerPage(browser, REVIEWER);
  await reviewer.goto('/user/accounts/console/?status=REJECTED&provider=PROVIDER_SUMSUB');
  await reviewer.getByRole('link', { name: email }).click();
  const provider = reviewer.getByTestId('provider-decision');
  await expect(reviewer.getByRole('heading', { name: 'Decision by Sumsub' })).toBeVisible();
  await expect(provider.getByTestId('provider-reasons').getByRole('listitem')).toHaveCount(2);
  await provider.getByRole('button', { name: 'Override' }).click();

  const dialog = reviewer.getByRole('dialog', { name: 'Override the decision by Sumsub' });
  await dialog.getByText('Approve', { exact: true }).click();
  await dialog.getByLabel(/^Why you override/).fill('Checked the document with the issuer: genuine, undamaged.');
  await dialog.getByRole('button', { name: 'Override decision' }).click();
  await expect(dialog).toHaveCount(0);

  // Both decisions: Sumsub's, replaced, and the reviewer's, in force.
  await expect(reviewer.getByRole('heading', { name: 'Decision by Sumsub (overridden)' })).toBeVisible();
  const current = reviewer.getByTestId('decision-summary').last();
  await expect(current).toContainText('Approved');
  await expect(current.getByTestId('decider')).toHaveText(REVIEWER.email);
  await expect(current).toContainText('Checked the document with the issuer');
  await expect(reviewer.getByText("Provider's decision overridden")).toBeVisible();

  // The user's overview follows.
  await page.reload();
  await expect(page.getByTestId('level-1')).toContainText('Verified');
});
