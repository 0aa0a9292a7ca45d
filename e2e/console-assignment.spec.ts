import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, loginThroughPage, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { REVIEWER, SECOND_REVIEWER } from './support/reviewers.ts';

/**
 * Issue 8: two reviewers in two browser contexts work one case against the real server. A takes it
 * from the queue; B, who had it open, is told A has it and cannot decide; A releases; B takes it,
 * finds it under "Assigned to me" and approves; the decision names B and how long it took.
 */

/** A photo-like test image (structured noise), as the upload rules expect a real photo. */
function testImage(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + (i >> 5) * 31) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

async function ok(reply: Promise<{ json(): Promise<unknown> }>): Promise<Record<string, unknown>> {
  const body = (await (await reply).json()) as { ret_code: number; result: Record<string, unknown> };
  expect(body.ret_code).toBe(0);
  return body.result;
}

/** A new user with a level 1 application waiting for review, made through the user's own API. */
async function pendingApplicant(page: Page): Promise<string> {
  const email = uniqueEmail('assign');
  await registerViaApi(page, email);
  await ok(
    page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
      data: { firstName: 'Astrid', lastName: 'Lind', dateOfBirth: '1990-05-17', nationality: 'SE', residenceCountry: 'SE', addressLine1: 'Storgatan 3', city: 'Uppsala', postalCode: '753 20' },
    }),
  );
  const [card, selfie] = await Promise.all([testImage(1200, 800), testImage(800, 1000)]);
  for (const [kind, buffer] of [['DOCUMENT_FRONT', card], ['DOCUMENT_BACK', card], ['SELFIE', selfie]] as const) {
    await ok(page.request.post('/x-api/v3/private/kyc/upload-document', { multipart: { kind, level: '1', file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer } } }));
  }
  await ok(page.request.post('/x-api/v3/private/kyc/submit-application', { data: { level: 1, country: 'SE', documentType: 'DRIVERS_LICENSE' } }));
  return email;
}

/** A reviewer signed in, in a browser context of their own, on the console's queue. */
async function reviewerPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await loginThroughPage(page, who.email, who.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(page.getByTestId('header-user')).toHaveText(who.email);
  return page;
}

const queueRow = (page: Page, email: string): Locator => page.getByRole('row').filter({ hasText: email });
const bar = (page: Page): Locator => page.getByTestId('case-bar');

test('two reviewers: A takes a case, B is told and cannot decide, A releases, B takes it and approves', async ({ page: applicant, browser }) => {
  test.setTimeout(90_000);
  const email = await pendingApplicant(applicant);
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
