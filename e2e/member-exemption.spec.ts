import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { reviewerPage } from './support/console-setup.ts';
import { REVIEWER, REVIEWER_2, SECOND_REVIEWER } from './support/reviewers.ts';

/**
 * Decision 036: exempting a member from KYC (tag KYC = 1) takes two senior reviewers. A plain
 * reviewer is refused in words; a senior reviewer's change waits for a second look, which another
 * senior reviewer gives on its case; only then does the member see no steps.
 */
test('a plain reviewer is refused; one senior reviewer proposes the exemption, another confirms it', async ({ page, browser }) => {
  // Three reviewers sign in one after another, beside the member's own page.
  test.setTimeout(90_000);
  const email = uniqueEmail('exempt');
  await registerViaApi(page, email);

  const openMember = async (who: { email: string; password: string }) => {
    const reviewer = await reviewerPage(browser, who);
    await reviewer.getByRole('link', { name: 'Members & notices' }).click();
    await reviewer.getByLabel('Member e-mail').fill(email);
    await reviewer.getByRole('button', { name: 'Find', exact: true }).click();
    const card = reviewer.getByTestId('console-member');
    await expect(card).toContainText(email);
    const form = card.getByRole('form', { name: 'Set tag' });
    await form.getByLabel('Tag').selectOption('KYC');
    await form.getByLabel('Value').fill('1');
    await form.getByLabel('Reason').fill('Institutional client, verified offline');
    await form.getByRole('button', { name: 'Set tag' }).click();
    return { reviewer, card };
  };

  // A plain reviewer: refused, with why; the member's tags stay empty.
  const plain = await openMember(SECOND_REVIEWER);
  await expect(plain.reviewer.getByText(/takes a senior reviewer, and a second senior reviewer must confirm it/)).toBeVisible();
  await expect(plain.card.getByTestId('member-tags')).toContainText('Member tags: –');
  await plain.reviewer.context().close();

  // A senior reviewer: a proposal, awaiting a second look.
  const first = await openMember(REVIEWER);
  await expect(first.reviewer.getByText('Proposed: a second senior reviewer must confirm it before it applies')).toBeVisible();
  const pending = first.card.getByTestId('member-tag-changes');
  await expect(pending).toContainText(`KYC=1, proposed by ${REVIEWER.email}`);
  await expect(first.card.getByTestId('member-tags')).not.toContainText('KYC=1');
  const caseHref = await pending.getByRole('link', { name: 'Open the case' }).getAttribute('href');
  await first.reviewer.context().close();
  // Nothing changed for the member yet: their verification still asks for a document.
  await page.goto('/user/accounts/auth/kyc?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add personal information' })).toBeVisible();

  // Another senior reviewer opens the case and confirms it.
  const second = await reviewerPage(browser, REVIEWER_2);
  // The link the proposer saw, as the confirming reviewer would follow it from a message.
  expect(caseHref).toMatch(/^\/user\/accounts\/console\/cases\/[\w-]+$/);
  await second.goto(caseHref!);
  await expect(second.getByRole('heading', { level: 1, name: 'Tag change: KYC=1' })).toBeVisible();
  await expect(second.getByTestId('member-tag-case-change')).toContainText(`${email}: KYC from not set to 1`);
  await expect(second.getByTestId('member-tag-case-reason')).toContainText('Institutional client, verified offline');
  await second.getByTestId('second-look').getByRole('button', { name: 'Confirm decision' }).click();
  await expect(second.getByTestId('member-tag-case-current')).toContainText('KYC = 1');
  await second.context().close();

  // Now the member has no steps.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No verification needed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add personal information' })).toHaveCount(0);
});
