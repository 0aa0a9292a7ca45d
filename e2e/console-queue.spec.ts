import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { pendingApplicant, reviewerPage } from './support/console-setup.ts';
import { expect, test } from './support/fixtures.ts';
import { QUEUE_REVIEWER, REVIEWER } from './support/reviewers.ts';

/**
 * Issue 28 (decision 051): a console reviewers can work all day. At 1280×800 the cases are in view;
 * one search finds a user by e-mail and leads to their page; cases are taken and decided from the
 * keyboard, each decision opening the next case of the same view.
 */

const bar = (page: Page): Locator => page.getByTestId('case-bar');

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('at 1280×800 cases are in view; a search by e-mail finds the user in one step and opens their page', async ({ page: applicant, browser }) => {
  test.setTimeout(90_000);
  const email = await pendingApplicant(applicant, 'search');
  const page = await reviewerPage(browser, REVIEWER);
  await expect(page).toHaveTitle('Review queue · Compliance console');
  // The first case rows are in the window without scrolling; the role badge is beside the menu, on one line.
  const firstRow = page.getByTestId('queue-row').first();
  await expect(firstRow).toBeVisible();
  expect((await firstRow.boundingBox())!.y + (await firstRow.boundingBox())!.height).toBeLessThanOrEqual(800);
  const role = page.getByTestId('console-role');
  expect(await role.evaluate((el) => el.closest('nav'))).toBeNull();
  expect((await role.boundingBox())!.height).toBeLessThan(30);

  // "/" goes to the search box; the e-mail, typed in capitals, finds the user.
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Search users' });
  await expect(box).toBeFocused();
  await page.keyboard.type(email.toUpperCase());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?q=/);
  const results = page.getByTestId('search-results');
  await expect(results.getByRole('status')).toHaveText('Found by e-mail: 1');
  await expect(results.getByTestId('search-user')).toContainText('Astrid Lind');
  await expect(results.getByRole('link', { name: 'KYC application · Level 1' })).toBeVisible();
  await expectAxeClean(page);

  // The user's page: every case, the states, the timeline.
  await results.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
  await expect(page).toHaveTitle(`${email} · User · Compliance console`);
  await expect(page.getByTestId('user-view-cases').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('user-view-limitation')).toHaveText('None');
  // The pictures the user sent, as the server serves them to reviewers (loaded, not just listed).
  const selfie = page.getByRole('img', { name: `Selfie submitted by ${email}` });
  await selfie.scrollIntoViewIfNeeded();
  await expect(selfie).toBeVisible();
  await expect.poll(() => selfie.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByTestId('audit-history').getByRole('listitem').first()).toBeVisible();
  await expectAxeClean(page);

  // Its case, titled with its kind and user; the user's page is one click away from it.
  await page.getByTestId('user-view-cases').getByRole('link', { name: 'KYC application · Level 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Level 1 application' })).toBeVisible();
  await expect(page).toHaveTitle(`KYC application · ${email} · Compliance console`);
  await bar(page).getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
});

test('from the keyboard: take two cases, approve one and reject the other, each decision opening the next case of the view', async ({ page: applicant, browser }) => {
  test.setTimeout(120_000);
  const first = await pendingApplicant(applicant, 'keys-a');
  await applicant.context().clearCookies();
  const second = await pendingApplicant(applicant, 'keys-b');
  const page = await reviewerPage(browser, QUEUE_REVIEWER);

  // Take both: search, open the case, "t".
  const box = page.getByRole('searchbox', { name: 'Search users' });
  for (const email of [first, second]) {
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await page.getByTestId('search-results').getByRole('link', { name: 'KYC application · Level 1' }).click();
    await expect(bar(page)).toContainText('Assignee: Unassigned');
    await page.keyboard.press('t');
    await expect(bar(page)).toContainText('Assignee: You');
  }

  // My cases, oldest first; the setting that opens the next case after a decision, from the ? overlay.
  await page.getByRole('link', { name: 'My cases' }).click();
  await expect(page).toHaveURL(/\?assignee=me$/);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Approve the case');
  await help.getByRole('checkbox', { name: 'After a decision, open the next case of the same view' }).check();
  await expectAxeClean(page);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // j focuses the first row, Enter opens it, a approves.
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: first })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle(`KYC application · ${first} · Compliance console`);
  await page.keyboard.press('a');
  const approve = page.getByRole('dialog', { name: 'Approve this application?' });
  await approve.getByRole('button', { name: 'Approve' }).press('Enter');

  // The next case of "My cases" opens by itself; r rejects it (retry allowed).
  await expect(page).toHaveTitle(`KYC application · ${second} · Compliance console`);
  await page.keyboard.press('r');
  const reject = page.getByRole('dialog', { name: 'Reject this application' });
  await reject.getByLabel(/^Reason/).selectOption('DOCUMENT_UNREADABLE');
  await reject.getByLabel(/^Message to the user/).fill('The photo of the licence is blurred; please take it again.');
  await reject.getByRole('button', { name: 'Reject, allow retry' }).press('Enter');

  // Nothing of the view is left: back on the queue, which says so; both decisions were made.
  await expect(page).toHaveURL(/\/console\/\?assignee=me$/);
  await expect(page.getByText('No pending cases are assigned to you.')).toBeVisible();
  for (const [email, status] of [
    [first, 'Approved'],
    [second, 'Rejected'],
  ] as const) {
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('search-user').filter({ hasText: email })).toContainText(status);
  }
});
