import { readFile } from 'node:fs/promises';
import { pendingApplicant, reviewerPage } from './support/console-setup.ts';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { REVIEWER, REVIEWER_2 } from './support/reviewers.ts';

/**
 * Issue 18 against the real server: four-eyes in the console (the demo reviewer proposes a FINAL
 * rejection, the second demo reviewer confirms it from "Awaiting second look"), and a user who
 * downloads their data and then has it erased.
 */


test('four-eyes: a FINAL rejection is proposed by one reviewer and confirmed by another', async ({ page: applicant, browser }) => {
  test.setTimeout(90_000);
  const email = await pendingApplicant(applicant, 'four-eyes');

  const first = await reviewerPage(browser, REVIEWER);
  await expect(first.getByTestId('console-role')).toHaveText('Senior reviewer');
  await first.getByRole('link', { name: email }).click();
  await first.getByTestId('case-bar').getByRole('button', { name: 'Reject' }).click();
  const reject = first.getByRole('dialog', { name: 'Reject this application' });
  await reject.getByText('Final rejection', { exact: true }).click();
  await reject.getByLabel(/^Reason/).selectOption({ label: 'The document photo is not readable' });
  await reject.getByLabel(/^Message to the user/).fill('We cannot verify your identity with these documents.');
  await reject.getByLabel(/^Internal note/).fill('Photos unusable twice; closing.');
  await reject.getByRole('button', { name: 'Reject for good' }).click();

  // A proposal, not a decision: the case waits for someone else.
  const panel = first.getByTestId('second-look');
  await expect(panel).toContainText('You proposed this decision. Another senior reviewer confirms it or sends it back.');
  await expect(panel.getByTestId('proposer')).toHaveText(REVIEWER.email);
  await expect(panel.getByRole('button', { name: 'Confirm decision' })).toHaveCount(0);
  await expect(first.getByTestId('case-bar').getByRole('button', { name: 'Reject' })).toHaveCount(0);

  const second = await reviewerPage(browser, REVIEWER_2);
  await second.getByRole('link', { name: 'Awaiting second look' }).click();
  await expect(second).toHaveURL(/\?secondLook=true$/);
  await second.getByRole('link', { name: email }).click();
  const look = second.getByTestId('second-look');
  await expect(look).toContainText('Photos unusable twice; closing.');
  await look.getByLabel('Note (required to send back)').fill('Agreed.');
  await look.getByRole('button', { name: 'Confirm decision' }).click();

  const decision = second.getByTestId('decision-summary');
  await expect(decision).toContainText('Rejected');
  await expect(decision.getByTestId('decider')).toHaveText(REVIEWER.email);
  await expect(decision.getByTestId('confirmed-by')).toHaveText(REVIEWER_2.email);
  await expect(second.getByTestId('second-look')).toHaveCount(0);

  // The first reviewer's page reads the decision too once reloaded.
  await first.reload();
  await expect(first.getByTestId('decision-summary').getByTestId('confirmed-by')).toHaveText(REVIEWER_2.email);
});

test('a user downloads their data as a file, then has it erased and is signed out', async ({ page }) => {
  const email = uniqueEmail('my-data');
  await registerViaApi(page, email);
  await page.goto('/user/accounts/auth/personal');
  await page.getByRole('link', { name: 'Your data: download or erase' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { format: string; account: { email: string }; applications: unknown[] };
  expect(data.format).toBe('user-accounts/data-export/v1');
  expect(data.account.email).toBe(email);
  expect(data.applications).toEqual([]);

  await page.getByRole('button', { name: 'Delete my account and data' }).click();
  await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('erasure-result')).toContainText('Your data has been erased');
  await page.goto('/user/accounts/auth/personal');
  await expect(page).toHaveURL(/\/login/);
});
