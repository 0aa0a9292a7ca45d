import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';

/**
 * §8 in a real browser against the real server: the server is made to answer with real failure
 * replies through its test-faults plugin (registered by e2e/support/server.ts, never by npm start);
 * nothing is mocked. A fault armed with the test's own session cookie hits only that test's requests.
 */
const PROFILE = '/v2/private/user/profile';
const codes = JSON.parse(readFileSync('locales/inverse-error-code/en/core.json', 'utf8')) as Record<string, string>;

async function armFault(page: Page, fault: { path: string; retCode?: number; retMsg?: string; status?: number; count?: number }) {
  const res = await page.request.post('/x-api/v1/test/faults', { data: fault });
  expect((await res.json()).ret_code).toBe(0);
}

const statusToasts = (page: Page) => page.getByTestId('status-toast-viewport');

// §3 "Profile error other than 10007: profileError true, no message" (issue 30): the /auth shell shows
// its own error state with a retry; the request layer's toast (§8's 1007/1008/50016) is not shown for it.
test('a 1007 on the profile load shows the profile error state, no toast, and no redirect', async ({ page }) => {
  await registerViaApi(page, uniqueEmail('http-1007'));
  await armFault(page, { path: PROFILE, retCode: 1007, retMsg: 'session expired' });

  await page.goto('/user/accounts/auth/personal');
  await expect(page.getByRole('heading', { name: "We couldn't load your account" })).toBeVisible();
  await expect(statusToasts(page).locator('li')).toHaveCount(0);
  // 1007 is not 10007: no redirect to /login.
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/personal$/);
});

test('a 1008 on the profile load: the same state, no message', async ({ page }) => {
  await registerViaApi(page, uniqueEmail('http-1008'));
  await armFault(page, { path: PROFILE, retCode: 1008, retMsg: '' });
  await page.goto('/user/accounts/auth/personal');
  await expect(page.getByRole('heading', { name: "We couldn't load your account" })).toBeVisible();
  await expect(statusToasts(page).locator('li')).toHaveCount(0);
});

test('an HTTP 500 on the profile load shows the profile error state, and "Try again" works once the fault is gone', async ({ page }) => {
  const email = uniqueEmail('http-500');
  await registerViaApi(page, email);
  await armFault(page, { path: PROFILE, status: 500, count: 1 });

  await page.goto('/user/accounts/auth/personal');
  await expect(page.getByRole('heading', { name: "We couldn't load your account" })).toBeVisible();
  await expect(statusToasts(page).locator('li')).toHaveCount(0);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('personal-email')).toHaveText(email);
});

test('10007 on the profile load still goes to /login, without a toast', async ({ page }) => {
  await page.goto('/user/accounts/auth/personal');
  await expect(page).toHaveURL(/\/login\?redirect_url=%2Fuser%2Faccounts%2Fauth%2Fpersonal$/);
  await expect(statusToasts(page).locator('li')).toHaveCount(0);
});

test('a lazy screen whose chunk cannot be fetched reloads the page once, then offers a reload', async ({ page }) => {
  await registerViaApi(page, uniqueEmail('http-chunk'));
  // A network failure for the personal screen's chunk (the request never reaches our server; no
  // reply is faked). Every attempt fails, so after the one automatic reload the reload state shows.
  let attempts = 0;
  await page.route(/\/user\/accounts\/assets\/personal-screen-[\w-]+\.js$/, (route) => {
    attempts += 1;
    return route.abort('failed');
  });
  let loads = 0;
  page.on('load', () => (loads += 1));
  // The aborted chunk request is reported by the browser as a page error; that is the point here.
  page.on('pageerror', () => undefined);

  await page.goto('/user/accounts/auth/personal');
  const alert = page.getByRole('alert').filter({ hasText: 'This page needs to be reloaded' });
  await expect(alert).toBeVisible();
  expect(loads).toBe(2); // the first load and exactly one automatic reload
  expect(attempts).toBeGreaterThanOrEqual(2);

  await page.unroute(/\/user\/accounts\/assets\/personal-screen-[\w-]+\.js$/);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByTestId('personal-email')).toBeVisible();
});

test('the login form shows its own error once: silent calls raise no toast', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('nobody-here@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.locator('button[type=submit]').click();
  // The form's alert also reminds that a new account is confirmed from the e-mail first (decision 013).
  await expect(page.getByRole('alert')).toContainText(codes['20001']);
  await expect(page.getByText(codes['20001'], { exact: true })).toHaveCount(1);
  await expect(statusToasts(page).locator('li')).toHaveCount(0);
});
