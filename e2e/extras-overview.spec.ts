import type { Browser, Page } from '@playwright/test';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { reviewerPage } from './support/console-setup.ts';
import { REVIEWER } from './support/reviewers.ts';

/** The demo administrator (README): publishes agreement versions. */
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' } as const;

/**
 * Account extras (issue 13, decision 025) as people use them: a reviewer sets a member up in the
 * console ("Members & notices"), the member meets the pop-ups, notices and flows on the overview.
 */

/** The reviewer finds the member by e-mail in the console and hands the member's card to `act`. */
async function inConsole(browser: Browser, email: string, act: (card: ReturnType<Page['getByTestId']>) => Promise<void>) {
  const reviewer = await reviewerPage(browser, REVIEWER);
  await reviewer.getByRole('link', { name: 'Members & notices' }).click();
  await reviewer.getByLabel('Member e-mail').fill(email);
  await reviewer.getByRole('button', { name: 'Find', exact: true }).click();
  const card = reviewer.getByTestId('console-member');
  await expect(card).toContainText(email);
  await act(card);
  await reviewer.context().close();
}

test('a Satos customer acknowledges the deposit rule, then moves to the EU entity in three steps', async ({ page, browser }) => {
  const email = uniqueEmail('satos');
  await registerViaApi(page, email);
  await inConsole(browser, email, async (card) => {
    const form = card.getByRole('form', { name: 'Set custody' });
    await form.getByLabel('Custody').selectOption('CUSTODY_SATOS');
    await form.getByLabel('Offer the move to the EU entity').check();
    await form.getByLabel('Reason').fill('Satos customer, EU hand-over');
    await form.getByRole('button', { name: 'Set custody' }).click();
    await expect(card).toContainText('CUSTODY_SATOS');
  });

  await page.goto('/user/accounts/auth/personal?lang=en');
  const deposit = page.getByRole('dialog', { name: 'Deposits to Satos come from your own bank account' });
  await expect(deposit).toContainText('only from a bank account in your own name');
  await deposit.getByRole('button', { name: 'I understand' }).click();
  await expect(deposit).toBeHidden();

  const notices = page.getByRole('region', { name: 'Notices about your account' });
  await expect(notices).toContainText('Your account is moving to our EU entity');
  await notices.getByRole('link', { name: 'Start the move' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Move your account to Bybit EU' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('segregated accounts under the law of the European Union')).toBeVisible();
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await page.getByLabel('I have read and accept the terms of Bybit EU').check();
  await next.click();
  await page.getByLabel('I agree that my verified identity is passed on to Bybit EU').check();
  await page.getByRole('button', { name: 'Move my account' }).click();
  await expect(page.getByText('Your account is now with Bybit EU')).toBeVisible();

  await page.getByRole('link', { name: 'Back to my account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByText('Your account is moving to our EU entity')).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('kyc-announcement').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Your account is moving to our EU entity')).toBeHidden();
});

test('a new member: the VIP invitation pop-up, an announcement acknowledged, a referral partner linked', async ({ page, browser }) => {
  const email = uniqueEmail('vip');
  await registerViaApi(page, email);
  await inConsole(browser, email, async (card) => {
    const form = card.getByRole('form', { name: 'Save invitation' });
    await form.getByLabel('Programme').selectOption('vip');
    await form.getByLabel('Tier').selectOption('VIP3');
    await form.getByRole('button', { name: 'Save invitation' }).click();
    await expect(card.getByTestId('member-vip')).toContainText('vip VIP3');
  });

  await page.goto('/user/accounts/auth/personal?lang=en');
  const vip = page.getByRole('dialog', { name: 'Verify to join the VIP programme' });
  await expect(vip).toContainText('tier VIP3');
  await expect(vip.getByRole('link', { name: 'Verify now' })).toHaveAttribute('href', '/user/accounts/auth/kyc?level=1');
  await vip.getByRole('button', { name: 'Not now' }).click();
  await expect(vip).toBeHidden();

  const announcement = page.getByTestId('kyc-announcement').filter({ hasText: 'Residence permits are accepted for level 1' });
  await announcement.getByRole('button', { name: 'Got it' }).click();
  await expect(announcement).toBeHidden();

  const referral = page.getByTestId('affiliate-card');
  await referral.getByRole('button', { name: 'Enter a referral code' }).click();
  await referral.getByLabel('Referral code').fill('nobody');
  await referral.getByRole('button', { name: 'Link partner' }).click();
  await expect(referral).toContainText('We do not know this referral code.');
  await referral.getByLabel('Referral code').fill('demo-partner');
  await referral.getByRole('button', { name: 'Link partner' }).click();
  await expect(page.getByText('Your account is linked to Demo Partner Ltd.')).toBeVisible();

  // Closed for good: after a reload none of them comes back.
  await page.reload();
  await expect(page.getByTestId('account-notices')).toBeAttached();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('kyc-announcement')).toHaveCount(0);
  await expect(page.getByTestId('affiliate-card')).toHaveCount(0);
});

test('agreements: an administrator publishes a new version; a member who accepted the old one is asked again', async ({ page, browser }) => {
  await registerViaApi(page, uniqueEmail('agree'));
  await page.goto('/user/accounts/auth/agreements?lang=en');
  const option = page.getByTestId('agreement-OPTION');
  await expect(option).toContainText('Not accepted yet.');
  const accept = option.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeDisabled();
  await option.getByLabel('I have read and accept this agreement').check();
  await accept.click();
  await expect(option.getByTestId('agreement-status')).toContainText(/You accepted version \d+ on/);
  await expect(option.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  const admin = await reviewerPage(browser, ADMIN);
  await admin.getByRole('link', { name: 'Members & notices' }).click();
  const publish = admin.getByRole('form', { name: 'Publish a new version' });
  await publish.getByLabel('Product').selectOption('OPTION');
  await publish.getByLabel('Title').fill('Options trading agreement (margin update)');
  await publish.getByLabel('Text').fill('From this version, the maintenance margin is 60 % of the initial margin.');
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByTestId('console-agreement-version').filter({ hasText: 'margin update' })).toBeVisible();
  await admin.context().close();

  await page.goto('/user/accounts/auth/personal?lang=en');
  const notices = page.getByRole('region', { name: 'Notices about your account' });
  await expect(notices).toContainText('An agreement you accepted has changed');
  await notices.getByRole('link', { name: 'Review the new version' }).click();
  await expect(option).toContainText('margin update');
  await expect(option.getByTestId('agreement-status')).toHaveText('New version: please read it and accept it again.');
  await option.getByLabel('I have read and accept this agreement').check();
  await option.getByRole('button', { name: 'Accept' }).click();
  await expect(option.getByTestId('agreement-status')).toContainText(/You accepted version \d+ on/);
});
