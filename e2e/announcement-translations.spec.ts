import { expect, loginThroughPage, test } from './support/fixtures.ts';
import { reviewerPage } from './support/console-setup.ts';

/**
 * Issue 27, point 9 (decisions 053, 059): the administrator gives an announcement's text in other
 * languages in the console; a member reads the one of the page's language, and the text as written
 * where there is none. Published to verified members only (the new members of other specs never see
 * it) and withdrawn at the end.
 */
const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' } as const;
const MEMBER = { email: 'l1-approved@example.com', password: 'demo-password-1' } as const;

test('an announcement published with a German translation is read in German, and in English on a page without one', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const admin = await reviewerPage(browser, ADMIN);
  await admin.getByRole('link', { name: 'Members & notices' }).click();
  const form = admin.getByRole('form', { name: 'Publish an announcement' });
  await form.getByLabel('Title', { exact: true }).fill(`Maintenance ${stamp}`);
  await form.getByLabel('Audience').selectOption('VERIFIED');
  await form.getByLabel('Text', { exact: true }).fill('Uploads pause on Sunday night.');
  await form.getByText(/^Translations · 0 of 15$/).click();
  await form.getByLabel('Title (Deutsch)').fill(`Wartung ${stamp}`);
  // Half a translation holds the form, said at the field.
  await expect(form.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await expect(form.getByLabel('Title (Deutsch)')).toHaveAccessibleDescription('Give both the title and the text in this language, or neither.');
  await form.getByLabel('Text (Deutsch)').fill('Uploads pausieren in der Nacht auf Sonntag.');
  await form.getByRole('button', { name: 'Publish' }).click();
  const listed = admin.getByTestId('console-announcement').filter({ hasText: `Maintenance ${stamp}` });
  await expect(listed).toContainText('translated: de-DE');

  try {
    await loginThroughPage(page, MEMBER.email, MEMBER.password);
    await expect(page).toHaveURL(/\/user\/accounts\//);
    await page.goto('/user/accounts/auth/personal?lang=de-DE');
    const german = page.getByTestId('kyc-announcement').filter({ hasText: `Wartung ${stamp}` });
    await expect(german).toContainText('Uploads pausieren in der Nacht auf Sonntag.');
    // Turkish has no translation: the text as written.
    await page.goto('/user/accounts/auth/personal?lang=tr-TR');
    await expect(page.getByTestId('kyc-announcement').filter({ hasText: `Maintenance ${stamp}` })).toContainText('Uploads pause on Sunday night.');
    await expect(page.getByTestId('kyc-announcement').filter({ hasText: `Wartung ${stamp}` })).toHaveCount(0);
  } finally {
    await listed.getByRole('button', { name: 'Withdraw' }).click();
    await expect(listed).toContainText('withdrawn');
    await admin.context().close();
  }
});
