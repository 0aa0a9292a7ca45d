import { readFileSync } from 'node:fs';
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

test('an administrator loads a new version of the list in the console; a bad file is refused with its line', async ({ browser }) => {
  const admin = await reviewerPage(browser, { email: 'admin@example.com', password: 'admin-password-1' });
  await admin.goto('/user/accounts/console/admin');
  const card = admin.getByRole('region', { name: 'Sanctions and PEP list' });
  await expect(card.getByTestId('screening-list-current')).toContainText(/^Version \d+: /);
  const input = card.getByLabel('List file (CSV)');

  // A file that is not OpenSanctions' simple CSV: the line and the problem, and the list in use stays.
  await input.setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from('name,dob\nIvan,1970\n') });
  await card.getByRole('button', { name: 'Load this list' }).click();
  await expect(card.getByRole('alert')).toHaveText("Line 1: the first line must be the columns of OpenSanctions' simple CSV.");
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  // The sample list with one more person (nobody of the demo): the next version, then every verified user screened against it.
  const sample = readFileSync(new URL('../src/server/modules/screening/sample/targets.simple.csv', import.meta.url), 'utf8');
  const next = `${sample.trimEnd()}\ne2e-pep-0001,Person,Ottoline Fairweather-Quist,,1931-02-28,gb,,,,,,demo_peps,,,2026-11-20\n`;
  const before = Number((await card.getByTestId('screening-list-current').textContent())!.match(/^Version (\d+)/)![1]);
  await input.setInputFiles({ name: 'targets-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(next) });
  await card.getByRole('button', { name: 'Load this list' }).click();
  await expect(card.getByText(`Version ${before + 1} is in use`)).toBeVisible();
  await expect(card.getByTestId('screening-list-current')).toContainText(`Version ${before + 1}: targets-e2e.csv`);
  await expect(card.getByTestId('screening-list-current')).toContainText('by admin@example.com');
  await expect(card.getByText('Every verified user is screened against it.')).toBeVisible({ timeout: 30_000 });
});
