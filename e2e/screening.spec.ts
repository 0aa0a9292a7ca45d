import { reviewerPage } from './support/console-setup.ts';
import { expect, loginThroughPage, test } from './support/fixtures.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * AML name screening (issue 12, decision 026) in Chromium against the real server: the demo user
 * screening-hit@example.com, whose name and date of birth are on the sample list, is asked the
 * name-screening questions; the reviewer opens the SCREENING case, compares our data with the list
 * entry and clears it as a false positive.
 */
const EMAIL = 'screening-hit@example.com';

test('the user is asked the name-screening questions; the reviewer compares the match and clears it', async ({ page: user, browser }) => {
  // --- The user: the overview says what is asked of them and leads to the questionnaire.
  await loginThroughPage(user, EMAIL, 'demo-password-1');
  await expect(user).toHaveURL(/\/user\/accounts\/auth\/personal$/);
  const notice = user.getByTestId('questionnaire-due');
  await expect(notice).toContainText('Please answer: Name screening questions');
  await notice.getByRole('link', { name: 'Open' }).click();
  await expect(user).toHaveURL(/\/user\/accounts\/auth\/nsquestion$/);
  await expect(user.getByRole('button', { name: 'Start' })).toBeVisible();
  const before = await user.request.get('/x-api/v3/private/kyc/get-aml-result?sceneCode=WITHDRAW');
  expect((await before.json()).result).toMatchObject({ result: 'REVIEW', blocked: true, needQuestionnaire: true, templateCode: 'nsquestion' });

  // --- The reviewer: the case in the queue, our data next to the list entry, then "Approve" = false positive.
  const reviewer = await reviewerPage(browser, REVIEWER);
  await reviewer.goto('/user/accounts/console/?kind=SCREENING');
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await reviewer.getByRole('link', { name: EMAIL }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Name screening' })).toBeVisible();
  await expect(reviewer.getByTestId('screening-ours')).toContainText('Viktor Drachenko');
  const hit = reviewer.getByTestId('screening-hit').first();
  await expect(hit).toContainText('List entry: Viktor Karlovich Drachenko');
  await expect(hit).toContainText('Score 100 / 100');
  await expect(hit).toContainText('Same date of birth');
  await expect(hit).toContainText('Виктор Карлович Драченко');

  await reviewer.getByRole('button', { name: 'Approve' }).click();
  const dialog = reviewer.getByRole('dialog');
  await expect(dialog).toContainText(`Clear as a false positive: ${EMAIL} is not the listed person.`);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByRole('region', { name: 'Decision' }).getByTestId('decision-summary')).toContainText('Approved');
  await reviewer.reload();
  await expect(reviewer.getByText('Cleared: false positive')).toBeVisible();

  // --- The user's AML result now passes.
  const after = await user.request.get('/x-api/v3/private/kyc/get-aml-result?sceneCode=WITHDRAW');
  expect((await after.json()).result).toMatchObject({ result: 'PASS', blocked: false, status: 'FALSE_POSITIVE' });
});
