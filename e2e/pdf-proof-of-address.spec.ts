import type { APIRequestContext, Locator } from '@playwright/test';
import { testPdf } from '../src/server/modules/documents/test-pdfs.ts';
import { pendingApplicant, reviewerPage } from './support/console-setup.ts';
import { expect, test } from './support/fixtures.ts';
import { FLOW_SIZES } from './support/sizes.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Issue 27 point 6 (decision 053): a bank statement sent as a PDF. The user picks the PDF (no
 * "take a screenshot" any more), sees its first page as the server drew it, submits; the reviewer
 * sees that page in the console and can save the original, which comes as a sandboxed attachment.
 */

async function ok(reply: Promise<{ json(): Promise<unknown> }>): Promise<Record<string, unknown>> {
  const body = (await (await reply).json()) as { ret_code: number; result: Record<string, unknown> };
  expect(body.ret_code).toBe(0);
  return body.result;
}

/** The reviewer's pending case of `email` (the console works on review cases). */
async function caseIdOf(request: APIRequestContext, email: string): Promise<string> {
  const queue = await ok(request.get('/x-api/v1/console/cases?status=PENDING&pageSize=100'));
  const found = (queue.items as { id: string; email: string }[]).find((c) => c.email === email);
  expect(found, `a pending case of ${email}`).toBeTruthy();
  return found!.id;
}

async function expectLoaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

for (const [size, options] of Object.entries(FLOW_SIZES)) {
  test.describe(`at the ${size} size`, () => {
    test.use(options);

    test('a PDF bank statement is accepted for level 2, shown as its first page, and the reviewer can save the original', async ({ page, browser }) => {
      test.setTimeout(90_000);
      const email = await pendingApplicant(page, 'pdf-poa');
      const reviewer = await reviewerPage(browser, REVIEWER);
      await ok(reviewer.request.post(`/x-api/v1/console/cases/${await caseIdOf(reviewer.request, email)}/approve`, { data: {} }));

      await page.goto('/user/accounts/auth/kyc?level=2&step=addressDetails');
      await page.locator('label').filter({ hasText: 'Bank statement' }).click();
      await page.getByLabel('Issue date').fill(new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10));
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: 'Upload the document: Bank statement' })).toBeVisible();
      await expect(page.getByText('A PDF statement or bill is fine')).toBeVisible();
      await expect(page.getByText(/screenshot/i)).toHaveCount(0);

      const tile = page.getByTestId('slot-PROOF_OF_ADDRESS');
      // An encrypted PDF is refused with what to do.
      await page.getByLabel('Statement or bill').setInputFiles({ name: 'locked.pdf', mimeType: 'application/pdf', buffer: testPdf({ encrypted: true }) });
      await expect(tile.getByRole('alert')).toContainText('This PDF is protected with a password or encryption.');

      // The refused file stays on its tile with the reason; the next file goes through the tile's own input.
      await tile.locator('input[type=file]').setInputFiles({ name: 'statement-may.pdf', mimeType: 'application/pdf', buffer: testPdf({ pages: 2 }) });
      await expect(tile.getByText('Uploaded', { exact: true })).toBeVisible();
      await expect(tile.getByRole('alert')).toHaveCount(0);
      await expect(tile.getByText('statement-may.pdf')).toBeVisible();
      // The first page as the server drew it (the browser never renders the PDF itself).
      await expectLoaded(tile.getByRole('img'));

      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: 'Check and submit' })).toBeVisible();
      await expectLoaded(page.getByTestId('review-PROOF_OF_ADDRESS').getByRole('img'));
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await expect(page.getByRole('heading', { name: 'Documents submitted' })).toBeVisible();

      await reviewer.goto(`/user/accounts/console/cases/${await caseIdOf(reviewer.request, email)}`);
      await expect(reviewer.getByRole('heading', { level: 1, name: 'Level 2 application' })).toBeVisible();
      await expectLoaded(reviewer.getByTestId('document-image'));
      await expect(reviewer.getByText('PDF: its first page is shown.')).toBeVisible();
      const original = reviewer.getByTestId('document-original');
      await expect(original).toHaveText('Download the original PDF');
      const download = reviewer.waitForEvent('download');
      await original.click();
      expect((await download).suggestedFilename()).toMatch(/^document-[0-9a-f-]{36}\.pdf$/);
      // The reviewer's page stayed where it was: the PDF was saved, not opened in the console.
      await expect(reviewer).toHaveURL(/\/console\/cases\/[0-9a-f-]{36}$/);
      await reviewer.context().close();
    });
  });
}
