import type { Locator, Page } from '@playwright/test';
import { pendingApplicant, reviewerPage } from './support/console-setup.ts';
import { expect, test } from './support/fixtures.ts';
import { REVIEWER, SECOND_REVIEWER } from './support/reviewers.ts';

/**
 * Issue 8: two reviewers in two browser contexts work one case against the real server. A takes it
 * from the queue; B, who had it open, is told A has it and cannot decide; A releases; B takes it,
 * finds it under "Assigned to me" and approves; the decision names B and how long it took.
 */


const queueRow = (page: Page, email: string): Locator => page.getByRole('row').filter({ hasText: email });
const bar = (page: Page): Locator => page.getByTestId('case-bar');

test('two reviewers: A takes a case, B is told and cannot decide, A releases, B takes it and approves', async ({ page: applicant, browser }) => {
  test.setTimeout(90_000);
  const email = await pendingApplicant(applicant, 'assign');
  const a = await reviewerPage(browser, REVIEWER);
  const b = await reviewerPage(browser, SECOND_REVIEWER);

  // B opens the case while nobody has it: deciding would assign it to B.
  await b.getByRole('link', { name: 'Unassigned' }).click();
  await expect(b).toHaveURL(/\?assignee=unassigned$/);
  await b.getByRole('link', { name: email }).click();
  await expect(b.getByRole('heading', { level: 1, name: 'Level 1 application' })).toBeVisible();
  await expect(bar(b)).toContainText('Assignee: Unassigned');
  await expect(bar(b)).toContainText('Deciding assigns the case to you.');

  // A takes it straight from the queue; the row then says "You".
  const rowA = queueRow(a, email);
  await rowA.getByRole('button', { name: `Take the case of ${email}` }).click();
  await expect(rowA.getByTestId('queue-assignee')).toHaveText('You');
  await expect(rowA.getByRole('button', { name: /^Take/ })).toHaveCount(0);

  // B, on the page opened before, tries to take it: refused, and told who has it.
  await bar(b).getByRole('button', { name: 'Assign to me' }).click();
  const taken = b.getByRole('alert').filter({ hasText: 'Another reviewer has this case' });
  await expect(taken).toContainText(`${REVIEWER.email} is working on this case.`);
  await expect(bar(b)).toContainText(`Assignee: ${REVIEWER.email}`);
  await expect(bar(b).getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(bar(b).getByRole('button', { name: 'Reject' })).toBeDisabled();
  await expect(bar(b).getByTestId('decision-locked')).toHaveText(`Only ${REVIEWER.email} can decide this case while it is assigned to them.`);
  await expect(bar(b).getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  // B's queue shows A as the assignee.
  await b.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(queueRow(b, email)).toHaveCount(0); // the "Unassigned" view no longer lists it
  await b.getByRole('link', { name: 'Queue', exact: true }).click();
  await expect(queueRow(b, email).getByTestId('queue-assignee')).toHaveText(REVIEWER.email);

  // A opens the case, sees it is theirs, and releases it (keyboard).
  await a.getByRole('link', { name: email }).click();
  await expect(bar(a)).toContainText('Assignee: You');
  const release = bar(a).getByRole('button', { name: 'Release' });
  await release.focus();
  await a.keyboard.press('Enter');
  await expect(bar(a)).toContainText('Assignee: Unassigned');
  await expect(bar(a).getByRole('button', { name: 'Assign to me' })).toBeVisible();

  // B takes it now, finds it under "My cases", and approves.
  await b.getByRole('link', { name: email }).click();
  await expect(bar(b)).toContainText('Assignee: Unassigned');
  await bar(b).getByRole('button', { name: 'Assign to me' }).click();
  await expect(bar(b)).toContainText('Assignee: You');
  await expect(bar(b).getByRole('button', { name: 'Release' })).toBeVisible();
  await b.getByRole('link', { name: 'My cases' }).click();
  await expect(b).toHaveURL(/\?assignee=me$/);
  await expect(b.getByRole('search', { name: 'Filter cases' }).getByLabel('Assignee')).toHaveValue('me');
  await expect(queueRow(b, email).getByTestId('queue-assignee')).toHaveText('You');
  // A's own cases do not include it.
  await a.getByRole('link', { name: 'Back to the queue' }).click();
  await a.getByRole('link', { name: 'My cases' }).click();
  await expect(a).toHaveURL(/\?assignee=me$/);
  await expect(a.getByRole('status').filter({ hasText: 'Cases found' })).toBeVisible();
  await expect(queueRow(a, email)).toHaveCount(0);

  await b.getByRole('link', { name: email }).click();
  await bar(b).getByRole('button', { name: 'Approve' }).click();
  const approve = b.getByRole('dialog', { name: 'Approve this application?' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toHaveCount(0);
  const decision = b.getByRole('region', { name: 'Decision' });
  await expect(decision.getByTestId('decider')).toHaveText(SECOND_REVIEWER.email);
  await expect(decision).toContainText('Time to decision');
  await expect(bar(b).getByTestId('case-timing')).toContainText('Decided in');
  await expect(bar(b).getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // The history tells the story in words.
  const history = b.getByTestId('audit-history');
  await expect(history.getByRole('listitem').filter({ hasText: 'Case taken' })).toHaveCount(2);
  await expect(history.getByRole('listitem').filter({ hasText: 'Case released' })).toContainText(`By ${REVIEWER.email}`);
  await expect(history.getByRole('listitem').filter({ hasText: 'Case decided' })).toContainText(`By ${SECOND_REVIEWER.email}`);

  // Decided and B's: under Approved + Assigned to me, with the time the decision took.
  await b.getByRole('link', { name: 'Back to the queue' }).click();
  const filters = b.getByRole('search', { name: 'Filter cases' });
  await filters.getByLabel('Status').selectOption('APPROVED');
  await expect(b).toHaveURL(/\?status=APPROVED&assignee=me$/);
  await expect(queueRow(b, email)).toContainText('Approved');
  await expect(queueRow(b, email).getByTestId('case-timing')).toHaveAttribute('title', /^Submitted .*, decided /);

  await a.context().close();
  await b.context().close();
});
