import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import config from '../playwright.config.ts';
import { pendingApplicant, reviewerPage } from './support/console-setup.ts';
import { expect, test } from './support/fixtures.ts';
import { mailTo } from './support/mailbox.ts';
import { REVIEWER } from './support/reviewers.ts';
import { selfieAfterNoFace } from './support/selfie-setup.ts';

/**
 * Issue 10 end to end in Chromium against the real server: a reviewer asks a verified user for a new
 * identity document from the console; the user is told on the reverification page and by e-mail,
 * sends the update through the in-house capture; the reviewer rejects it (the user sees the reason
 * and resubmits), then approves it: the status is back to _No and the level never dropped.
 */
// The selfie comes from Chromium's fake camera.
const defaults = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...defaults, args: [...(defaults.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
});

const images = mkdtempSync(path.join(tmpdir(), 'reverify-e2e-'));
const MESSAGE = 'The photo of your ID card on file has expired; please send your current one.';
const REJECTION = 'The photo is blurred, please take it again in good light.';

async function testImage(name: string, width = 1200, height = 800): Promise<string> {
  const file = path.join(images, name);
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 5) * 31 + width) & 0xff;
  await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toFile(file);
  return file;
}

function daysFromNow(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function kycInfo(page: Page) {
  const reply = await page.request.post('/x-api/v3/private/kyc/kyc-info', { data: { obtain_current: true, obtain_state: true, obtain_display_control: true } });
  return ((await reply.json()) as { result: { state: { level: number; status: string }[]; displayControl: { displayUpdatePOI: { status: string; rejectReason: string } } } }).result;
}

/** The user's update of the identity document: printed details, then level 1's capture, then submit. */
async function sendUpdate(user: Page, front: string, back: string) {
  await expect(user.getByRole('heading', { level: 1, name: 'Update your identity document' })).toBeVisible();
  await expect(user.getByLabel('First name')).toHaveValue('Astrid');
  await user.getByLabel('Document number').fill('SE 4411 208');
  await user.getByLabel('Expiry date').fill(daysFromNow(3 * 365));
  await user.getByRole('button', { name: 'Continue to the photos' }).click();

  await expect(user.getByRole('heading', { name: 'Where was your document issued?' })).toBeVisible();
  await user.getByRole('button', { name: 'Continue' }).click();
  await expect(user.getByRole('heading', { name: 'Choose your document' })).toBeVisible();
  await user.locator('label').filter({ hasText: 'ID card' }).click();
  await user.getByRole('button', { name: 'Continue' }).click();
  await expect(user.getByRole('heading', { name: 'Upload the photos: ID card' })).toBeVisible();
  await user.getByLabel('Front side').setInputFiles(front);
  await expect(user.getByTestId('slot-DOCUMENT_FRONT').getByText('Uploaded', { exact: true })).toBeVisible();
  await user.getByLabel('Back side').setInputFiles(back);
  await expect(user.getByTestId('slot-DOCUMENT_BACK').getByText('Uploaded', { exact: true })).toBeVisible();
  await user.getByRole('button', { name: 'Continue' }).click();

  await expect(user.getByRole('heading', { name: 'Take a selfie' })).toBeVisible();
  // Chromium's fake camera shows no face: after consent the face check says so, the selfie goes as a file (decision 023).
  await selfieAfterNoFace(user, await testImage('selfie.jpg', 800, 1000));
  await expect(user.getByTestId('slot-SELFIE').getByText('Uploaded', { exact: true })).toBeVisible();
  await user.getByRole('button', { name: 'Continue' }).click();

  await expect(user.getByRole('heading', { name: 'Check and submit' })).toBeVisible();
  await user.getByRole('button', { name: 'Submit for review' }).click();
  await expect(user.getByTestId('update-sent')).toContainText('Your update was sent for review.');
}

/** The reviewer opens the newest pending re-verification case of `email` from the queue. */
async function openUpdateCase(reviewer: Page, email: string) {
  await reviewer.goto('/user/accounts/console/?kind=REVERIFICATION');
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await reviewer.getByRole('link', { name: email }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Update of the identity document' })).toBeVisible();
}

test('a reviewer asks for a new ID, the user sends it, the reviewer rejects it, the user resubmits, the reviewer approves', async ({ page: user, browser }) => {
  test.setTimeout(240_000);
  const [front, back, front2] = await Promise.all([testImage('front.jpg'), testImage('back.jpg', 1000, 700), testImage('front-2.jpg', 1100, 760)]);

  // --- A verified user: level 1 sent through the API, approved by the reviewer in the console.
  const email = await pendingApplicant(user, 'reverify-flow');
  const reviewer = await reviewerPage(browser, REVIEWER);
  await reviewer.goto('/user/accounts/console/?country=SE');
  await reviewer.getByRole('link', { name: email }).click();
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  await reviewer.getByRole('dialog', { name: 'Approve this application?' }).getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByRole('region', { name: 'Decision' }).getByTestId('decision-summary')).toContainText('Approved');

  // --- From the approved case, the reviewer asks for the identity document again.
  await reviewer.getByRole('link', { name: 'Ask for a document again' }).click();
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Request re-verification' })).toBeVisible();
  await expect(reviewer.getByLabel(/^User's e-mail/)).toHaveValue(email);
  await expect(reviewer.getByRole('radio', { name: 'Identity document' })).toBeChecked();
  // Nothing chosen as the reason: the form says so on the field, nothing is sent.
  await reviewer.getByRole('button', { name: 'Send request' }).click();
  await expect(reviewer.getByLabel(/^Reason/)).toHaveAttribute('aria-invalid', 'true');
  await reviewer.getByLabel(/^Reason/).selectOption({ label: 'Your document has expired.' });
  await reviewer.getByLabel(/^Message for the user/).fill(MESSAGE);
  await reviewer.getByLabel(/^Deadline/).fill(daysFromNow(14));
  await reviewer.getByRole('button', { name: 'Send request' }).click();
  await expect(reviewer.getByTestId('reverification-requested')).toContainText(`Requested: ${email} must send a new identity document`);
  // Asking twice for the same document is refused with a translated reason (one open request per document).
  await reviewer.getByLabel(/^User's e-mail/).fill(email);
  await reviewer.getByLabel(/^Reason/).selectOption({ label: 'Your document has expired.' });
  await reviewer.getByRole('button', { name: 'Send request' }).click();
  await expect(reviewer.getByText('This user has already been asked for this document; the request is still open.')).toBeVisible();
  await expect(reviewer.getByTestId('reverification-requested')).toHaveCount(0);

  // The user got an e-mail naming the document, the reason and the deadline. E-mails go out after
  // the commit (a subscriber), so the approval's may arrive after it: found by its subject.
  const subject = 'Please verify your identity document again';
  await expect.poll(() => mailTo(email).filter((m) => m.subject === subject).length).toBe(1);
  const mail = mailTo(email).find((m) => m.subject === subject)!;
  expect(mail.text).toContain(MESSAGE);

  // --- The user: the overview links to the page; the request with its reason and message.
  await user.goto('/user/accounts/auth/personal');
  await user.getByRole('link', { name: 'Re-verification required: open the reverification page' }).click();
  const panel = user.getByTestId('panel-POI');
  await expect(panel).toHaveAttribute('data-status', 'DisplayUpdatePOIStatus_Needed');
  await expect(panel).toContainText('Why: Your document has expired.');
  await expect(panel).toContainText(MESSAGE);
  await panel.getByRole('link', { name: 'Verify now' }).click();
  await sendUpdate(user, front, back);
  expect((await kycInfo(user)).displayControl.displayUpdatePOI.status).toBe('DisplayUpdatePOIStatus_Pending');
  // The level never drops while the update is pending.
  expect((await kycInfo(user)).state.find((s) => s.level === 1)?.status).toBe('SUCCESS');

  // --- The reviewer: the update next to what is verified, and rejects it (can try again).
  await openUpdateCase(reviewer, email);
  await expect(reviewer.getByTestId('update-submitted')).toContainText('SE4411208');
  await expect(reviewer.getByTestId('update-verified')).toContainText('Astrid');
  await expect(reviewer.getByTestId('document-image')).toHaveCount(3);
  await reviewer.getByRole('button', { name: 'Reject' }).click();
  const reject = reviewer.getByRole('dialog', { name: 'Reject this application' });
  await reject.getByLabel(/^Reason/).selectOption({ label: 'The document photo is not readable' });
  await reject.getByLabel(/^Message to the user/).fill(REJECTION);
  await reject.getByRole('button', { name: 'Reject, allow retry' }).click();
  await expect(reject).toHaveCount(0);
  await expect(reviewer.getByRole('region', { name: 'Decision' }).getByTestId('decision-summary')).toContainText('Rejected');

  // --- The user sees the reason and the message, and resubmits.
  await user.goto('/user/accounts/auth/reverification');
  await expect(panel).toHaveAttribute('data-status', 'DisplayUpdatePOIStatus_Rejected');
  await expect(panel.getByTestId('review-failed')).toContainText('Review failed');
  await expect(panel.getByTestId('rejection-reason')).toHaveText('The document photo is not readable');
  await expect(panel.getByTestId('review-failed')).toContainText(REJECTION);
  await panel.getByRole('link', { name: 'Resubmit' }).click();
  await sendUpdate(user, front2, back);

  // --- The reviewer approves the second update.
  await openUpdateCase(reviewer, email);
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  await reviewer.getByRole('dialog', { name: 'Approve this application?' }).getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByRole('region', { name: 'Decision' }).getByTestId('decision-summary')).toContainText('Approved');

  // --- Nothing is asked of the user any more; level 1 stayed verified throughout.
  await user.goto('/user/accounts/auth/reverification');
  await expect(user.getByTestId('nothing-to-do')).toBeVisible();
  const info = await kycInfo(user);
  expect(info.displayControl.displayUpdatePOI).toMatchObject({ status: 'DisplayUpdatePOIStatus_No' });
  expect(info.state.find((s) => s.level === 1)?.status).toBe('SUCCESS');
  await user.goto('/user/accounts/auth/personal');
  await expect(user.getByRole('link', { name: 'Re-verification required: open the reverification page' })).toHaveCount(0);
});
