import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, loginThroughPage, test } from './support/fixtures.ts';
import { REVIEWER } from './support/reviewers.ts';

/** The demo user whose level 1 application waits for review: Sofia Rossi, Italian ID card. */
const PENDING_USER = 'l1-pending@example.com';
const CONSOLE = '/user/accounts/console/';

async function signInAsReviewer(page: Page) {
  await loginThroughPage(page, REVIEWER.email, REVIEWER.password);
  await expect(page).toHaveURL(/\/user\/accounts\/console\/$/);
}

/** The queue as the reviewer sees it at this width: the table on desktop, the cards on a phone. */
const queueEntry = (page: Page, email: string): Locator => page.getByRole('link', { name: email, exact: false }).filter({ visible: true });

/** Waits until every image matched has really loaded (decoded pixels, not just an element). */
async function expectImagesLoaded(images: Locator, count: number) {
  await expect(images).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    const img = images.nth(i);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
}

test('a customer cannot use the console: anonymous -> login, signed-in customer -> "no access"', async ({ page }) => {
  await page.goto(CONSOLE);
  await expect(page).toHaveURL(/\/login\?redirect_url=%2Fuser%2Faccounts%2Fconsole%2F$/);

  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/user\/accounts\/console\/$/);
  await expect(page.getByRole('heading', { name: 'This area is for compliance reviewers' })).toBeVisible();
  await expect(page.getByRole('link', { name: PENDING_USER })).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to my account' }).click();
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/personal$/);
});

test('the reviewer signs in, lands on the console, filters the queue and opens a case with its documents', async ({ page }) => {
  await signInAsReviewer(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(page.getByTestId('header-user')).toHaveText(REVIEWER.email);
  await expect(queueEntry(page, PENDING_USER)).toBeVisible();
  // The row says what the case is, that nobody has it yet, and how long it has waited.
  const row = page.getByRole('row').filter({ hasText: PENDING_USER });
  await expect(row).toContainText('KYC application');
  await expect(row.getByTestId('queue-assignee')).toContainText('Unassigned');
  await expect(row.getByTestId('case-timing')).toHaveAttribute('title', /^Submitted /);
  await expect(row.getByRole('button', { name: `Take the case of ${PENDING_USER}` })).toBeVisible();

  // Filters are in the address and narrow the list.
  const filters = page.getByRole('search', { name: 'Filter cases' });
  await filters.getByLabel('Kind').selectOption('KYC_APPLICATION');
  await expect(page).toHaveURL(/\?kind=KYC_APPLICATION$/);
  await expect(queueEntry(page, PENDING_USER)).toBeVisible();
  await filters.getByLabel('Assignee').selectOption('unassigned');
  await expect(page).toHaveURL(/\?kind=KYC_APPLICATION&assignee=unassigned$/);
  await expect(queueEntry(page, PENDING_USER)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/console\/$/);
  await filters.getByLabel('Level').selectOption('2');
  await expect(page).toHaveURL(/\?level=2$/);
  await expect(queueEntry(page, PENDING_USER)).toHaveCount(0);
  await filters.getByLabel('Level').selectOption('1');
  await filters.getByLabel('Country').selectOption('IT');
  await expect(page).toHaveURL(/\?level=1&country=IT$/);
  await expect(queueEntry(page, PENDING_USER)).toBeVisible();
  await filters.getByLabel('Country').selectOption('DE');
  await expect(queueEntry(page, PENDING_USER)).toHaveCount(0);
  await filters.getByLabel('Provider').selectOption('PROVIDER_SUMSUB');
  await expect(page.getByText('No cases match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/console\/$/);

  // Decided cases are one status filter away, with the time their decision took.
  // (Newest first: the demo's approvals fill more than a page, so any row will do.)
  await filters.getByLabel('Status').selectOption('APPROVED');
  await expect(page.getByRole('columnheader', { name: 'Time to decision' })).toBeVisible();
  const decidedRow = page.getByRole('row').filter({ has: page.getByTestId('case-timing') }).first();
  await expect(decidedRow.getByTestId('case-timing')).toHaveAttribute('title', /^Submitted .*, decided /);
  await expect(decidedRow).toContainText('Approved');
  await expect(queueEntry(page, PENDING_USER)).toHaveCount(0);
  await filters.getByLabel('Status').selectOption('PENDING');

  // The case: personal data, the document, real images, the steps and the history.
  await queueEntry(page, PENDING_USER).click();
  await expect(page).toHaveURL(/\/console\/cases\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Level 1 application' })).toBeVisible();
  await expect(page.getByTestId('case-bar')).toContainText('KYC application');
  await expect(page.getByTestId('case-bar')).toContainText('Assignee: Unassigned');
  const personal = page.getByRole('region', { name: 'Personal data' });
  await expect(personal).toContainText('Sofia');
  await expect(personal).toContainText('Rossi');
  await expect(personal).toContainText('Via Roma 10');
  await expect(page.getByRole('region', { name: 'Identity document' })).toContainText('ID card');
  await expectImagesLoaded(page.getByTestId('document-image'), 3);
  await expect(page.getByRole('img', { name: `Selfie submitted by ${PENDING_USER}` })).toBeVisible();
  await expect(page.getByTestId('case-steps')).toContainText('Under review');
  await expect(page.getByTestId('audit-history')).toContainText('Application submitted');
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();

  // Enlarge an image in a dialog; Esc closes it and focus returns.
  await page.getByRole('button', { name: 'Enlarge: Front of the document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Front of the document' });
  await expectImagesLoaded(dialog.getByTestId('document-image-large'), 1);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enlarge: Front of the document' })).toBeFocused();

  // Back to the queue (with the filters it had), then log out from the header.
  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the reviewer sees what waits per kind, and a kind’s card opens its pending cases; on a phone too', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsReviewer(page);
  const panel = page.getByRole('region', { name: 'Workload' });
  const kyc = panel.getByTestId('workload-KYC_APPLICATION');
  // The demo has level-1 applications waiting (l1-pending among them): the figure is a count of them.
  const waiting = kyc.getByRole('term').filter({ hasText: 'Waiting' }).locator('xpath=following-sibling::dd[1]');
  await expect(waiting).toHaveText(/^[1-9][\d,]*\+?$/);
  await expect(kyc.getByRole('term').filter({ hasText: 'Oldest' }).locator('xpath=following-sibling::dd[1]').locator('time')).toHaveAttribute('datetime', /^P/);
  // Every kind this server reviews has a card, in the reviewer's language.
  await expect(panel.getByTestId('workload-REVERIFICATION')).toContainText('Re-verification');

  await kyc.getByRole('button', { name: 'Show pending KYC application cases' }).click();
  await expect(page).toHaveURL(/\?kind=KYC_APPLICATION$/);
  await expect(page.getByRole('search', { name: 'Filter cases' }).getByLabel('Kind')).toHaveValue('KYC_APPLICATION');
  await expect(queueEntry(page, PENDING_USER)).toBeVisible();
  await expect(kyc.getByRole('button', { name: 'Show pending KYC application cases' })).toHaveAttribute('aria-pressed', 'true');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a reviewer on the account pages is told this is a reviewer account and sent to the console', async ({ page }) => {
  await loginThroughPage(page, REVIEWER.email, REVIEWER.password, '/login?redirect_url=%2Fuser%2Faccounts%2Fauth%2Fpersonal');
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/personal$/);
  await expect(page.getByRole('heading', { name: 'This is a compliance reviewer account' })).toBeVisible();
  await page.getByRole('link', { name: 'Open the compliance console' }).click();
  await expect(page).toHaveURL(/\/user\/accounts\/console\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
});

test('when the session ends in the console, the next read goes to /login and back to the same case', async ({ page }) => {
  await signInAsReviewer(page);
  const href = await queueEntry(page, PENDING_USER).getAttribute('href');
  // The session is gone (logged out elsewhere, expired); the page still shows the queue.
  await page.context().clearCookies();
  await queueEntry(page, PENDING_USER).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect_url') === href);
  await page.getByLabel('E-mail').fill(REVIEWER.email);
  await page.getByLabel('Password', { exact: true }).fill(REVIEWER.password);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL((url) => url.pathname === href);
  await expect(page.getByRole('heading', { level: 1, name: 'Level 1 application' })).toBeVisible();
});

test.describe('at 1280×800 (issue 16)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Approve and Reject are in view on a case without scrolling and stay in view while reading; no customer footer', async ({ page }) => {
    await signInAsReviewer(page);
    // The console's own footer: the language picker, none of the customer's copyright or help links.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByTestId('language-picker')).toBeVisible();
    await expect(footer).not.toContainText('©');
    await expect(footer.getByRole('link')).toHaveCount(0);

    await queueEntry(page, PENDING_USER).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Level 1 application' })).toBeVisible();
    const approve = page.getByRole('button', { name: 'Approve' });
    const reject = page.getByRole('button', { name: 'Reject' });
    await expect(approve).toBeInViewport({ ratio: 1 });
    await expect(reject).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Down at the history, the working bar is still at the top of the window.
    await page.getByTestId('audit-history').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(approve).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('contentinfo')).not.toContainText('©');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the queue is a list of cards, reachable by keyboard, and nothing scrolls sideways', async ({ page }) => {
    await signInAsReviewer(page);
    const card = page.getByTestId('queue-card').filter({ hasText: PENDING_USER });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();

    // Tab to the card's link and open it with Enter.
    const link = card.getByRole('link');
    for (let i = 0; i < 40 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Level 1 application' })).toBeVisible();
    await expectImagesLoaded(page.getByTestId('document-image'), 3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
