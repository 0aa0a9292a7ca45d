import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { mailTo, resetLinkFor } from './support/mailbox.ts';

/**
 * Issue 27: a user who forgot their password sets a new one from the login page, on a phone, while
 * signed in on a computer: the computer's session ends with the reset, the old password stops
 * working, the new one works, and the mailed link works once.
 */
test('forgot password on a phone: the mailed link sets a new password and signs the other device out', async ({ page, browser }) => {
  const email = uniqueEmail('reset');
  const OLD = 'correct-horse-battery';
  const NEW = 'a-brand-new-passphrase-27';
  // The computer: signed in (1280×800).
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerViaApi(page, email, OLD);
  await page.goto('/user/accounts/auth/personal');
  await expect(page.getByTestId('personal-email')).toHaveText(email);

  // The phone (390×844), signed out.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const mobile = await phone.newPage();
  await mobile.goto('/login');
  await mobile.getByLabel('E-mail').fill(email);
  await mobile.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(mobile.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(mobile.getByLabel('E-mail')).toHaveValue(email);
  await mobile.getByRole('button', { name: 'Send reset link' }).click();
  await expect(mobile.getByRole('status')).toContainText(`If ${email} has an account, we have sent it a link to choose a new password. The link works once, for 30 minutes.`);
  await expect(mobile.getByRole('heading', { name: 'Check your e-mail' })).toBeFocused();
  expect(mailTo(email).at(-1)!.subject).toBe('Reset your password');

  // The link from the e-mail: the token leaves the address bar; a too-short password is refused first.
  const link = resetLinkFor(email);
  await mobile.goto(link);
  await expect(mobile.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(mobile).toHaveURL(/\/login$/);
  const field = mobile.getByLabel('New password');
  await expect(field).toBeFocused();
  await field.fill('short');
  await mobile.getByRole('button', { name: 'Save new password' }).click();
  await expect(mobile.getByText('Password must be at least 10 characters')).toBeVisible();
  await field.fill(NEW);
  await mobile.getByRole('button', { name: 'Save new password' }).click();
  await expect(mobile.getByRole('status')).toHaveText('Your password was changed and you were signed out everywhere. Log in with your new password.');
  expect(mailTo(email).at(-1)!.subject).toBe('Your password was changed');

  // The old password fails; the new one signs in on the phone.
  await mobile.getByLabel('E-mail').fill(email);
  await mobile.getByLabel('Password', { exact: true }).fill(OLD);
  await mobile.locator('button[type=submit]').click();
  await expect(mobile.getByRole('alert')).toContainText('Incorrect e-mail or password.');
  await mobile.getByLabel('Password', { exact: true }).fill(NEW);
  await mobile.locator('button[type=submit]').click();
  await expect(mobile).toHaveURL(/\/user\/accounts\/auth\/personal$/);
  await expect(mobile.getByTestId('personal-email')).toHaveText(email);

  // The computer's session ended with the reset: its next page goes to the login page.
  await page.goto('/user/accounts/auth/personal');
  await expect(page).toHaveURL(/\/login\?redirect_url=/);

  // The link worked once: opened again it says so and offers a new one.
  await page.goto(link);
  await page.getByLabel('New password').fill('yet-another-passphrase-1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This password reset link is not valid any more');
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await phone.close();
});
