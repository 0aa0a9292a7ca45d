import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { reviewerPage } from './support/console-setup.ts';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { mailTo } from './support/mailbox.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Issue 12 (decision 027) end to end in Chromium against the real server: a reviewer asks a user for
 * information and a document from the console; the user is e-mailed, sees the task on
 * complianceTasks, answers on rfiQuestion with a text and a picture; the reviewer reads the answer
 * in the RFI case and accepts it: the task is done.
 */
const QUESTION = 'Please explain where the 12,000 EUR you deposited last week come from, and add a bank statement.';
const ANSWER = 'It is the sale of my car; the statement shows the buyer’s transfer.';

async function statement(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rfi-e2e-')), 'statement.jpg');
  const [width, height] = [1000, 1400];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + (i >> 5) * 31) & 0xff;
  await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toFile(file);
  return file;
}

test('a reviewer asks for information, the user sees the task and answers with a picture, the reviewer accepts', async ({ page: user, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('rfi');
  await registerViaApi(user, email);
  const picture = await statement();

  // --- The reviewer asks from the console's form.
  const reviewer = await reviewerPage(browser, REVIEWER);
  await reviewer.getByRole('link', { name: 'Ask for information' }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Ask for information' })).toBeVisible();
  await reviewer.getByLabel(/^User's e-mail/).fill(email);
  await reviewer.getByLabel(/^Question/).fill(QUESTION);
  await reviewer.getByLabel(/^Ask for a document/).check();
  await reviewer.getByRole('button', { name: 'Send the question' }).click();
  await expect(reviewer.getByTestId('rfi-requested')).toContainText(`Asked ${email}.`);
  const mail = mailTo(email).at(-1)!;
  expect(mail.subject).toBe('We need some information from you');
  expect(mail.text).toContain(QUESTION);

  // --- The user: the overview leads to the task with its due date, then the question; a text alone is not enough.
  await user.goto('/user/accounts/auth/personal');
  await user.getByRole('link', { name: 'Compliance tasks are waiting for you: open your tasks' }).click();
  await expect(user).toHaveURL(/\/auth\/complianceTasks$/);
  const tasks = user.getByTestId('open-tasks');
  await expect(tasks.getByRole('heading', { name: 'Answer a request for information' })).toBeVisible();
  await expect(tasks).toContainText('Due ');
  await tasks.getByRole('link', { name: 'Open the task' }).click();
  await expect(user).toHaveURL(/\/auth\/rfiQuestion$/);
  await expect(user.getByTestId('rfi-question')).toHaveText(QUESTION);
  await user.getByLabel(/^Your answer/).fill(ANSWER);
  await user.getByRole('button', { name: 'Send the answer' }).click();
  await expect(user.getByRole('alert').filter({ hasText: 'Add a picture of the document asked for.' })).toBeVisible();
  await user.getByTestId('rfi-file').setInputFiles(picture);
  await expect(user.getByRole('img', { name: 'Picture 1' })).toBeVisible();
  // The picture answers the refusal: its message is gone.
  await expect(user.getByRole('alert').filter({ hasText: 'Add a picture of the document asked for.' })).toHaveCount(0);
  await user.getByRole('button', { name: 'Send the answer' }).click();
  await expect(user.getByTestId('rfi-sent')).toContainText('your answer was sent');

  // --- The reviewer reads the answer in the RFI case and accepts it.
  await reviewer.goto('/user/accounts/console/?kind=RFI');
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await reviewer.getByRole('link', { name: email }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Request for information, question 1' })).toBeVisible();
  await expect(reviewer.getByTestId('rfi-case-question')).toHaveText(QUESTION);
  await expect(reviewer.getByTestId('rfi-case-answer')).toHaveText(ANSWER);
  await expect(reviewer.getByRole('img', { name: `Picture 1 from ${email}` })).toBeVisible();
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  await reviewer.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByRole('region', { name: 'Decision' }).getByTestId('decision-summary')).toContainText('Approved');

  // --- Nothing is open any more; the task is listed as completed.
  await user.goto('/user/accounts/auth/complianceTasks');
  await expect(user.getByTestId('no-tasks')).toBeVisible();
  await expect(user.getByTestId('done-tasks')).toContainText('Answer a request for information');
  await user.goto('/user/accounts/auth/personal');
  await expect(user.getByRole('heading', { name: 'Identity verification' }).first()).toBeVisible();
  await expect(user.getByTestId('compliance-tasks-link')).toHaveCount(0);
  const info = await (await user.request.post('/x-api/v3/private/kyc/kyc-info', { data: { obtain_verification_process: true } })).json();
  expect(info.result.verificationProcess).toEqual({ isVerificationProcess: false, tasks: [] });
});
