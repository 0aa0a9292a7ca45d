import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { reviewerPage } from './support/console-setup.ts';
import { REVIEWER, REVIEWER_2 } from './support/reviewers.ts';

/**
 * Issue 12, enhanced due diligence (decision 028), in a real browser against the real server: a
 * reviewer puts a new user into EDD from the console; the user answers both EDD questionnaires (a
 * payslip picture as evidence) and sends them; the round is one EDD case that a reviewer approves and
 * a second senior reviewer confirms (four-eyes); the user then reads that EDD passed.
 */

const AUTH = '/user/accounts/auth';

async function choose(page: Page, question: string, option: string) {
  const group = page.getByRole('radiogroup', { name: question });
  await group.getByText(option, { exact: true }).click();
  await expect(group.getByRole('radio', { name: option })).toBeChecked();
}

/** A photo-like picture of a payslip (structured noise: the upload rules expect a real photo). */
function payslipPicture(): Promise<Buffer> {
  const width = 1000;
  const height = 1300;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + (i >> 6) * 23) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

test('a user put into EDD answers both questionnaires with evidence; two reviewers approve; the user reads that EDD passed', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('edd');
  await registerViaApi(page, email);

  // --- A reviewer puts the user into EDD from the console, saying why.
  const reviewer = await reviewerPage(browser, REVIEWER);
  await reviewer.getByRole('link', { name: 'Enhanced due diligence' }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Put a user into enhanced due diligence' })).toBeVisible();
  await reviewer.getByLabel(/^User's e-mail/).fill(email);
  await reviewer.getByLabel(/^Why/).fill('Deposits from several exchanges far above the expected amount.');
  await reviewer.getByRole('button', { name: 'Put into EDD' }).click();
  await expect(reviewer.getByTestId('edd-required')).toHaveText(`${email} is now in enhanced due diligence and is asked for the questionnaires.`);

  // --- The user answers the EDD questionnaire.
  await page.goto(`${AUTH}/eddQuestionnaire`);
  await expect(page.getByRole('heading', { level: 1, name: 'Enhanced due diligence' })).toBeVisible();
  const panel = page.getByTestId('edd-panel');
  await expect(panel).toHaveAttribute('data-status', 'EDDStatus_UnSubmit');
  await expect(panel).toContainText('0 of 2 sent');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your means' })).toBeVisible();
  await choose(page, 'What is your total net worth?', '50,000 to 250,000 USD');
  await choose(page, 'What is your yearly income?', '10,000 to 50,000 USD');
  await page.getByRole('checkbox', { name: 'Bought on another platform' }).check();
  await choose(page, 'Do you send or receive money from countries under international sanctions?', 'No');
  await page.getByRole('checkbox', { name: 'I confirm that my answers are true and complete.' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(panel).toContainText('1 of 2 sent');

  // --- Then the source of funds and wealth, with a payslip.
  await panel.getByRole('link', { name: 'Continue with: Source of funds and wealth' }).click();
  await expect(page).toHaveURL(/\/auth\/sourceOfFundsWealth$/);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('checkbox', { name: 'Salary or pension' }).check();
  await choose(page, 'How much do you expect to deposit in a year?', '10,000 to 50,000 USD');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('What is your occupation?').fill('Pharmacist');
  await choose(page, 'How did you mainly build your wealth?', 'Salary or pension');
  await page.getByLabel('Please tell us more').fill('Nine years at a hospital pharmacy; savings in my bank account.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('input[type=file]').setInputFiles({ name: 'payslip.jpg', mimeType: 'image/jpeg', buffer: await payslipPicture() });
  await expect(page.getByTestId('evidence-evidence').getByRole('listitem')).toHaveCount(1);
  await choose(page, 'Are you, a family member or a close associate a politically exposed person?', 'No');
  await page.getByRole('checkbox', { name: 'I confirm that my answers are true and complete' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByTestId('edd-panel')).toHaveAttribute('data-status', 'EDDStatus_Reviewing');
  await expect(page.getByTestId('edd-panel')).toContainText('the result will appear here');

  // --- The reviewer reads the round (why, answers, the picture) and approves: a proposal (four-eyes).
  await reviewer.goto('/user/accounts/console/?kind=EDD');
  await reviewer.getByRole('link', { name: email }).filter({ visible: true }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Enhanced due diligence' })).toBeVisible();
  await expect(reviewer.getByTestId('edd-triggers')).toContainText("A reviewer's decision");
  await expect(reviewer.getByTestId('edd-triggers')).toContainText('Deposits from several exchanges far above the expected amount.');
  await expect(reviewer.locator('[data-question="occupation"]')).toContainText('Pharmacist');
  await expect(reviewer.locator('[data-question="net_worth"]')).toContainText('50,000 to 250,000 USD');
  const picture = reviewer.getByRole('img', { name: `Evidence 1 of ${email}` });
  await expect.poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  await reviewer.getByTestId('case-bar').getByRole('button', { name: 'Approve' }).click();
  const approve = reviewer.getByRole('dialog');
  await expect(approve).toContainText(`The answers and evidence of ${email} will be accepted: enhanced due diligence passes.`);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByTestId('second-look')).toContainText('You proposed this decision. Another senior reviewer confirms it or sends it back.');
  await reviewer.context().close();

  // Nothing changes for the user before the second look.
  await page.reload();
  await expect(page.getByTestId('edd-panel')).toHaveAttribute('data-status', 'EDDStatus_Reviewing');

  // --- A second senior reviewer confirms.
  const second = await reviewerPage(browser, REVIEWER_2);
  await second.getByRole('link', { name: 'Awaiting second look' }).click();
  await second.getByRole('link', { name: email }).filter({ visible: true }).click();
  await second.getByTestId('second-look').getByRole('button', { name: 'Confirm decision' }).click();
  await expect(second.getByTestId('decision-summary')).toContainText('Approved');
  await second.context().close();

  // --- The user reads that EDD passed and that nothing more is needed.
  await page.reload();
  await expect(page.getByTestId('edd-panel')).toHaveAttribute('data-status', 'EDDStatus_Pass');
  await expect(page.getByTestId('edd-panel')).toContainText('Enhanced due diligence is complete and nothing more is needed.');
});
