import { pendingApplicant, reviewerPage } from './support/console-setup.ts';
import { expect, test } from './support/fixtures.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Decision 052 in Chromium against the real server: an administrator writes the German template of
 * a reject reason in the console; a reviewer rejects an application with two reasons; the user,
 * reading German, sees both reasons translated and the administrator's German template.
 */
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' } as const;
const GERMAN_TEMPLATE = 'Ihr Selfie ist unscharf. Bitte nehmen Sie es bei Tageslicht neu auf, ohne Brille.';

test('a rejection with two reasons: the user reads each reason in German with the administrator\'s German template', async ({ page, browser }) => {
  test.setTimeout(90_000);

  // The administrator writes the template of "selfie unclear" in German.
  const admin = await reviewerPage(browser, ADMIN);
  await admin.goto('/user/accounts/console/admin');
  const templates = admin.getByTestId('reason-templates');
  await templates.getByLabel('Reason').selectOption('SELFIE_UNCLEAR');
  await templates.getByLabel(/^Language/).selectOption('de-DE');
  await templates.getByLabel(/^Message/).fill(GERMAN_TEMPLATE);
  await templates.getByRole('button', { name: 'Save the template' }).click();
  await expect(admin.getByText('The template was saved.')).toBeVisible();
  await expect(templates.getByLabel(/^Language/).locator('option:checked')).toHaveText(/✓/);

  // A reviewer rejects the application with two reasons.
  await page.goto('/login');
  const email = await pendingApplicant(page, 'two-reasons');
  const reviewer = await reviewerPage(browser, REVIEWER);
  await reviewer.goto('/user/accounts/console/?country=SE');
  await reviewer.getByRole('link', { name: email }).click();
  await reviewer.getByRole('button', { name: 'Reject' }).click();
  const dialog = reviewer.getByRole('dialog', { name: 'Reject this application' });
  await dialog.getByLabel(/^Reason/).selectOption({ label: 'The document photo is not readable' });
  await dialog.getByTestId('more-reasons').getByLabel('The selfie is not clear').check();
  await dialog.getByLabel(/^Message to the user/).fill('Please take both photos again.');
  await dialog.getByRole('button', { name: 'Reject, allow retry' }).click();
  await expect(dialog).toHaveCount(0);

  // The user, reading German: both reasons, translated, and the German template under its reason.
  await page.goto('/user/accounts/auth/personal?lang=de-DE');
  const first = page.getByTestId('rejection-1').filter({ hasText: 'Das Foto des Dokuments ist nicht lesbar' });
  const second = page.getByTestId('rejection-1').filter({ hasText: 'Das Selfie ist unscharf' });
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();
  await expect(second.getByTestId('reason-template')).toHaveText(GERMAN_TEMPLATE);
  // The first reason has no German template: its translated explanation only.
  await expect(first.getByTestId('reason-template')).toHaveCount(0);
});
