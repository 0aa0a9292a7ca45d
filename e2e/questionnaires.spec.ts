import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, loginThroughPage, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { reviewerPage } from './support/console-setup.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Issue 11 in a real browser against the real server: the knowledge test failed, the cooling-off
 * period (shortened by the e2e server's QUESTIONNAIRE_COOLING_OFF_SECONDS) waited out on the page,
 * then passed; the source of funds and wealth answered with an evidence picture, a reload losing
 * nothing, and approved by a reviewer in the console.
 */

const AUTH = '/user/accounts/auth';

/** Picks an option of a question by the question's text and the option's label: a click on the card, as a person does. */
async function choose(page: Page, question: string, option: string) {
  const group = page.getByRole('radiogroup', { name: question });
  await group.getByText(option, { exact: true }).click();
  await expect(group.getByRole('radio', { name: option })).toBeChecked();
}

async function answerKnowledgeTest(page: Page, answers: { custody: string; volatility: string; irreversible: string; leverage: string; protection: string; phishing: string }) {
  await expect(page.getByRole('heading', { level: 2, name: 'How crypto-assets work' })).toBeVisible();
  await choose(page, 'Who moves the coins held in your account with us?', answers.custody);
  await choose(page, 'The price of a coin fell by 30% in one day. What does that tell you?', answers.volatility);
  await choose(page, 'You sent coins to a wrong address. What usually happens?', answers.irreversible);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Risks and safety' })).toBeFocused();
  await choose(page, 'You open a position with 10x leverage and the price moves 10% against you. What can happen?', answers.leverage);
  await choose(page, 'Are crypto-assets held on an exchange covered by a deposit guarantee scheme?', answers.protection);
  await choose(page, 'Someone writes as our support team and asks for your password and a login code. What do you do?', answers.phishing);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeVisible();
  await page.getByRole('button', { name: 'Send answers' }).click();
}

test('the knowledge test: a fail shows what was wrong, a new attempt opens after the cooling-off period, then a pass', async ({ page }) => {
  test.setTimeout(90_000);
  await registerViaApi(page, uniqueEmail('knowledge'));
  await page.goto(`${AUTH}/crypto-knowledge-test`);
  await expect(page.getByRole('heading', { level: 1, name: 'Crypto-asset knowledge test' })).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();

  // Continuing with nothing chosen names the questions that need an answer.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Some answers need your attention.')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Who moves the coins held in your account with us?' })).toHaveAttribute('aria-invalid', 'true');

  await answerKnowledgeTest(page, {
    custody: 'Only I can, with a private key I keep',
    volatility: 'Large moves happen often; the price can fall further',
    irreversible: 'The transfer cannot be undone and the coins may be lost',
    leverage: 'I lose about 1% of my margin',
    protection: 'No, such schemes cover bank deposits only',
    phishing: 'I refuse and report the message',
  });
  const result = page.getByTestId('test-result');
  await expect(result).toContainText('Not passed: 4 of 6 answers right. You need 80% to pass.');
  await expect(result).toContainText('We hold the keys of coins kept on the exchange');
  await expect(result).toContainText('With 10x leverage a 10% move can wipe out your margin');
  await expect(page.getByTestId('cooling-off')).toContainText('You can take the test again from');
  await expect(page.getByRole('button', { name: 'Take the test again' })).toHaveCount(0);

  // The page asks the server again when the period ends and offers the new attempt by itself.
  await expect(page.getByRole('button', { name: 'Take the test again' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Take the test again' }).click();
  await answerKnowledgeTest(page, {
    custody: 'The exchange, on my instructions',
    volatility: 'Large moves happen often; the price can fall further',
    irreversible: 'The transfer cannot be undone and the coins may be lost',
    leverage: 'The position can be closed and I lose my margin',
    protection: 'No, such schemes cover bank deposits only',
    phishing: 'I refuse and report the message',
  });
  await expect(page.getByTestId('test-result')).toContainText('Passed: 6 of 6 answers right.');
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
});

/** A photo-like picture of a bank statement (structured noise: the upload rules expect a real photo). */
function statementPicture(): Promise<Buffer> {
  const width = 1000;
  const height = 1300;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + (i >> 6) * 17) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

test('source of funds and wealth with an evidence picture: the draft survives a reload; a reviewer approves it in the console', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('funds');
  await registerViaApi(page, email);
  await page.goto(`${AUTH}/sourceOfFundsWealth`);
  await expect(page.getByRole('heading', { level: 1, name: 'Source of funds and wealth' })).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'The money you deposit' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Salary or pension' }).check();
  await page.getByRole('checkbox', { name: 'Other' }).check();
  // A follow-up appears only for "Other".
  await page.getByLabel('Please describe the other source').fill('Sale of a flat in 2021');
  await choose(page, 'How much do you expect to deposit in a year?', '10,000 to 50,000 USD');
  await expect(page.getByTestId('draft-state')).toHaveText('Saved');

  // A reload loses nothing: the draft is on the server.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Salary or pension' })).toBeChecked();
  await expect(page.getByLabel('Please describe the other source')).toHaveValue('Sale of a flat in 2021');
  await expect(page.getByRole('radiogroup', { name: 'How much do you expect to deposit in a year?' }).getByRole('radio', { name: '10,000 to 50,000 USD' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Your wealth' })).toBeFocused();
  await page.getByLabel('What is your occupation?').fill('Architect');
  await choose(page, 'How did you mainly build your wealth?', 'Salary or pension');
  await page.getByLabel('Please tell us more').fill('Twelve years at a Lisbon architecture firm, savings in my bank account.');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Evidence and declarations' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'statement.jpg', mimeType: 'image/jpeg', buffer: await statementPicture() });
  await expect(page.getByTestId('evidence-evidence').getByRole('listitem')).toHaveCount(1);
  await choose(page, 'Are you, a family member or a close associate a politically exposed person?', 'No');
  await page.getByRole('checkbox', { name: 'I confirm that my answers are true and complete' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  const summary = page.getByTestId('answer-summary');
  await expect(summary).toContainText('Salary or pension, Other');
  await expect(summary).toContainText('Architect');
  await expect(summary).toContainText('1 of 3 files');
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByTestId('questionnaire-outcome')).toContainText('We have your answers. Our compliance team will review them');

  // --- The reviewer finds the case, reads the answers and the picture, approves.
  const reviewer = await reviewerPage(browser, REVIEWER);
  await reviewer.goto('/user/accounts/console/?kind=QUESTIONNAIRE');
  await reviewer.getByRole('link', { name: email }).filter({ visible: true }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Source of funds and wealth' })).toBeVisible();
  await expect(reviewer.locator('[data-question="occupation"]')).toContainText('Architect');
  await expect(reviewer.locator('[data-question="funds_other"]')).toContainText('Sale of a flat in 2021');
  const picture = reviewer.getByRole('img', { name: `Evidence 1 of ${email}` });
  await expect.poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  const approve = reviewer.getByRole('dialog');
  await expect(approve).toContainText(`The answers of ${email} will be approved.`);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toHaveCount(0);
  await expect(reviewer.getByRole('region', { name: 'Decision' }).getByTestId('decision-summary')).toContainText('Approved');
  await reviewer.context().close();

  // --- The user sees the answers approved.
  await page.reload();
  await expect(page.getByTestId('questionnaire-outcome')).toContainText('Thank you: your answers are approved.');
});

test('the overview sends a user to the questionnaire that is due (demo user questionnaire-due@)', async ({ page }) => {
  await loginThroughPage(page, 'questionnaire-due@example.com', 'demo-password-1');
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/personal$/);
  const notice = page.getByTestId('questionnaire-due');
  await expect(notice).toContainText('Please answer: Source of funds and wealth');
  await notice.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/sourceOfFundsWealth$/);
  await expect(page.getByText('We need these answers to keep your account fully available.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
});
