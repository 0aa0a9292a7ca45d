import { DEMO, expect, loginThroughPage, test, uniqueEmail } from './support/fixtures.ts';
import { confirmationLinkFor, mailTo } from './support/mailbox.ts';

test('logged out -> login with redirect -> personal page -> logout', async ({ page }) => {
  await page.goto('/user/accounts/auth/personal');
  await expect(page).toHaveURL(/\/login\?redirect_url=%2Fuser%2Faccounts%2Fauth%2Fpersonal$/);

  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.locator('button[type=submit]').click();

  await expect(page).toHaveURL(/\/user\/accounts\/auth\/personal$/);
  await expect(page.getByTestId('personal-email')).toHaveText(DEMO.email);
  await expect(page.getByTestId('header-user')).toHaveText(DEMO.email);

  // One Log out per page (issue 16): the header's.
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(1);
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is gone server-side: the account area sends us back to login.
  await page.goto('/user/accounts/auth/personal');
  await expect(page).toHaveURL(/\/login\?redirect_url=/);
});

test('a new user registers, confirms from the e-mail link, and lands in the account area', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.locator('button[type=submit]').click();
  await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('status')).toContainText(`we sent an e-mail to ${email}. Open the link in it to confirm your account`);
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/login$/);

  // Before the address is confirmed, the right password fails like a wrong one, with a gentle hint.
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('alert')).toContainText('Incorrect e-mail or password.');
  await expect(page.getByRole('alert')).toContainText('Just created an account? Open the link we sent to your e-mail first');

  // The link in the e-mail confirms and signs in, and takes the token out of the address bar.
  const link = confirmationLinkFor(email);
  // 'commit': the page moves on to the account area as soon as it has confirmed, maybe before 'load'.
  await page.goto(link, { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/personal$/);
  await expect(page.getByTestId('personal-email')).toHaveText(email);

  // Used once: opened again, it says so and offers to register again.
  // The account page is left first: signed out under it, its next request would send it to the login
  // page on its own, racing the link opened here.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This confirmation link is not valid any more');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Create your account again' }).click();
  await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('E-mail')).toBeFocused();

  // Registering the same address again (another password) gets the very same answer; the owner
  // learns from the e-mail that the address already has an account.
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('another-long-passphrase');
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('status')).toContainText(`we sent an e-mail to ${email}. Open the link in it to confirm your account`);
  expect(mailTo(email).map((m) => m.subject)).toEqual(['Confirm your e-mail address', 'Someone tried to create an account with your e-mail address']);

  // A guessable password is refused with a hint that helps.
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('E-mail').fill(uniqueEmail('weak'));
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.locator('button[type=submit]').click();
  await expect(page.getByText('This password is one of the most common ones')).toBeVisible();
});

test('a wrong password shows a clear error and keeps the user on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('alert')).toContainText('Incorrect e-mail or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('redirect_url to another site is ignored after login', async ({ page }) => {
  await page.goto('/login?redirect_url=%2F%2Fevil.example%2Fsteal');
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/user\/accounts\/auth\/personal$/);
});

test('a deep link to a child route opens its screen after signing in', async ({ page }) => {
  await loginThroughPage(page, DEMO.email, DEMO.password, '/login?redirect_url=%2Fuser%2Faccounts%2Fauth%2FcomplianceTasks');
  await expect(page).toHaveURL(/\/auth\/complianceTasks$/);
  await expect(page.getByRole('heading', { name: 'Compliance tasks' })).toBeVisible();
});

test('the login page looks like the product and switches language before signing in; the choice stays', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('banner')).toContainText('Account');
  await expect(page.getByText('Verify your identity, see your limits')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await page.getByRole('banner').getByLabel('Language').selectOption('de-DE');
  await expect(page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Konto erstellen' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
});
