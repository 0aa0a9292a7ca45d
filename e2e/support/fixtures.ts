import { test as base, expect, type Page } from '@playwright/test';
import { confirmationLinkFor } from './mailbox.ts';

export const DEMO = { email: 'demo@example.com', password: 'demo-password-1' } as const;

/** A unique address per test, so tests never share a user. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Logs in through the real /login page, as a person would. */
export async function loginThroughPage(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).and(page.locator('[type=submit]')).click();
}

/**
 * Registers through the API of the real server, then opens the confirmation link from the mailbox
 * (support/mailbox.ts) as the page would: a new account signs in only that way (decision 013). The
 * session cookie is set.
 */
export async function registerViaApi(page: Page, email: string, password = 'correct-horse-battery') {
  const registered = await page.request.post('/x-api/v1/user/register', { data: { email, password } });
  expect((await registered.json()).ret_code).toBe(0);
  const token = new URL(confirmationLinkFor(email), 'http://localhost').searchParams.get('confirm');
  const confirmed = await page.request.post('/x-api/v1/user/confirm-email', { data: { token } });
  expect((await confirmed.json()).ret_code).toBe(0);
}

/**
 * After "Create account" on the login page: waits for the page's "we sent an e-mail" notice, then
 * opens the link from the mailbox as the person would; the page confirms and goes on by itself.
 */
export async function openConfirmationLink(page: Page, email: string) {
  await expect(page.getByRole('status')).toContainText(email);
  // 'commit': the page moves on to the account area as soon as it has confirmed, maybe before 'load'.
  await page.goto(confirmationLinkFor(email), { waitUntil: 'commit' });
}

/** Fails the test on any Content-Security-Policy violation or uncaught page error. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A violation that the page's own code catches (zod probing `new Function`, say) writes no
      // console error of its own; the securitypolicyviolation event still fires: report it there.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`Content Security Policy violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'page errors / CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
