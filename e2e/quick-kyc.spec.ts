import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';

/**
 * Quick KYC (§2 vendor route, decision 019) in Chromium against the real server, whose Sumsub
 * stand-in (demo mode's vendor fakes, started with the server) answers the registry check from its test
 * registry: a Nigerian resident finds the quick path on the overview, enters a matching BVN and
 * reaches level 1 — no photo, no review wait.
 */
test('a Nigerian resident enters a matching BVN and reaches level 1', async ({ page }) => {
  const email = uniqueEmail('quick');
  await registerViaApi(page, email);
  // The person the fake registry holds for BVN 22212345678 (README, decision 019).
  const saved = await page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
    data: {
      firstName: 'Chinwe', middleName: '', lastName: 'Okafor', dateOfBirth: '1990-04-12', nationality: 'NG', residenceCountry: 'NG',
      addressLine1: '2 Grace Close', addressLine2: '', city: 'Lagos', stateRegion: 'Lagos', postalCode: '100001',
    },
  });
  expect((await saved.json()).ret_code).toBe(0);

  await page.goto('/user/accounts/auth/personal');
  await expect(page.getByRole('heading', { name: 'Faster: verify with your identity number' })).toBeVisible();
  await page.getByRole('link', { name: 'Use my Bank Verification Number (BVN) or National Identification Number (NIN)' }).click();

  await expect(page).toHaveURL(/\/user\/accounts\/auth\/vendor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify with your identity number' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Bank Verification Number \(BVN\)/ })).toBeChecked();
  const number = page.getByRole('textbox', { name: /Bank Verification Number \(BVN\)/ });
  // A typing mistake is caught before any check is spent.
  await number.fill('2221234567');
  await page.getByRole('button', { name: 'Check my number' }).click();
  await expect(page.getByText('Bank Verification Number (BVN) must have exactly 11 digits.')).toBeVisible();
  await expect(page.getByTestId('attempts-left')).toHaveText('Checks left today: 3');

  await number.fill('222 1234 5678');
  await number.press('Enter');
  await expect(page.getByRole('heading', { name: 'Level 1 verified' })).toBeVisible();
  await expect(page.getByText('The registry confirmed your Bank Verification Number (BVN) ending in •••••••5678.')).toBeVisible();
  await expect(page.getByTestId('what-next')).toContainText('Level 2 is now open');

  // The overview agrees: level 1 verified, the proof of address is next, the quick path is gone.
  await page.getByRole('link', { name: 'Back to my account' }).last().click();
  await expect(page.getByTestId('level-1')).toContainText(/verified/i);
  await expect(page.getByTestId('next-action')).toHaveAttribute('data-kind', 'PROOF_OF_ADDRESS');
  await expect(page.getByTestId('quick-kyc-offer')).toHaveCount(0);
});
