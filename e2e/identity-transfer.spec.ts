import type { Page } from '@playwright/test';
import { expect, loginThroughPage, test } from './support/fixtures.ts';
import { reviewerPage } from './support/console-setup.ts';
import { mailTo } from './support/mailbox.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Identity transfer (decision 029) from both sides and the reviewer's: the demo user
 * transfer-pending (level 1 on the main site) already consented to move the identity to
 * transfer-eu (an account on the EU site). Each side confirms with the code read from the mailbox;
 * the EU entity is regulated, so a reviewer approves; then the EU account is verified.
 */
const SOURCE = { email: 'transfer-pending@example.com', password: 'demo-password-1' } as const;
const TARGET = { email: 'transfer-eu@example.com', password: 'demo-password-1' } as const;
const PAGE = '/user/accounts/auth/identity-transfer';

/** Signs in through the login page and opens the transfer page once the account area is reached. */
async function openTransferPage(page: Page, who: { email: string; password: string }) {
  await loginThroughPage(page, who.email, who.password);
  await expect(page).toHaveURL(/\/user\/accounts\/auth\//);
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Identity transfer' })).toBeVisible();
}

/** Asks for the code, reads it from the mailbox as the person would, enters it. */
async function confirmWithCode(page: Page, email: string) {
  const before = mailTo(email).length;
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByText('We sent a six-digit code to')).toBeVisible();
  // The server mails the code before it answers: it is in the mailbox once the page says so.
  const mail = mailTo(email).at(-1)!;
  expect(mailTo(email).length).toBe(before + 1);
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  await page.getByLabel(/^Code from the e-mail/).fill(code);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
}

test('the source confirms, the EU account confirms, a reviewer approves, the EU account holds the verified identity', async ({ page: source, browser }) => {
  test.setTimeout(120_000);

  // --- The source: the consent given, the code step waits.
  await openTransferPage(source, SOURCE);
  await expect(source.getByTestId('transfer-code-step')).toContainText('Confirm that you want to transfer your identity to t***@example.com');
  await confirmWithCode(source, SOURCE.email);
  await expect(source.getByTestId('transfer-waiting')).toContainText('Now sign in to the account t***@example.com');

  // --- The EU account: its own code.
  const targetContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const target = await targetContext.newPage();
  await openTransferPage(target, TARGET);
  await expect(target.getByTestId('transfer-code-step')).toContainText('wants to transfer its verified identity to this account');
  await confirmWithCode(target, TARGET.email);
  await expect(target.getByTestId('transfer-in-review')).toContainText('Our team reviews the transfer');
  const status = await (await target.request.post('/x-api/v1/kyc/transfer/status', { data: {} })).json();
  expect(status.result).toMatchObject({ stepCode: 30030, transfer: { status: 'KYC_TRANSFER_VERIFY_STATUS_PENDING' } });

  // --- The reviewer: the case shows both accounts and the rule that asked; approve.
  const reviewer = await reviewerPage(browser, REVIEWER);
  await reviewer.goto('/user/accounts/console/?kind=IDENTITY_TRANSFER');
  await reviewer.getByRole('link', { name: TARGET.email }).click();
  await expect(reviewer.getByTestId('transfer-source')).toContainText(SOURCE.email);
  await expect(reviewer.getByTestId('transfer-target')).toContainText('EU');
  await expect(reviewer.getByTestId('transfer-rules')).toContainText('The receiving site is regulated and needs a review');
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  await reviewer.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByRole('region', { name: 'Decision' }).getByTestId('decision-summary')).toContainText('Approved');

  // --- The EU account: complete, verified at level 1; the source is told too.
  await target.reload();
  await expect(target.getByTestId('transfer-complete')).toContainText('now belongs to this account');
  const info = await (await target.request.post('/x-api/v3/private/kyc/kyc-info', { data: { obtain_state: true } })).json();
  expect(info.result.second_identity_state).toBe('KYC_TRANSFER_VERIFY_STATUS_COMPLETE');
  expect(info.result.state.find((s: { level: number }) => s.level === 1)?.status).toBe('SUCCESS');
  await source.reload();
  await expect(source.getByTestId('transfer-complete')).toContainText('also belongs to the account t***@example.com');
  await targetContext.close();
});
