import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue 27 point 2 (decision 047): the embedded flow is a verification flow only. The demo partner's
 * page (on 127.0.0.1) frames the flow from the other origin (localhost), a real cross-origin iframe;
 * at a phone's size and at a desktop's, the applicant sees the partner's bar and their steps, never
 * the account's chrome, the exchange's limits or the access token, and the hand-back still works.
 */
async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('iframe[title="Identity verification"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const { name, viewport } of SIZES) {
  test(`embedded at ${name} size: the steps only, no account chrome, no limits, never the token`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await page.goto('/partner-demo/');
    await page.getByLabel('Your user id at Demo Partner').fill(`demo-chrome-${name}-${Date.now().toString(36)}`);
    await page.getByLabel('Language').selectOption('en');
    await page.getByRole('button', { name: 'Verify with the exchange' }).click();

    const frameElement = page.locator('iframe[title="Identity verification"]');
    // The partner's link carries the token (that is how the flow starts, from the other origin) ...
    await expect(frameElement).toHaveAttribute('src', /^http:\/\/localhost:\d+\/user\/accounts\/auth\/sdk\?token=sat_/);
    const frame = page.frameLocator('iframe[title="Identity verification"]');
    await expect(frame.getByRole('link', { name: 'Start level 1' })).toBeVisible();
    // ... but the page takes it out of its own address at once, and never shows it.
    const inner = () => page.frames().find((f) => f.url().startsWith('http://localhost:'))!;
    await expect.poll(() => inner().url()).not.toContain('token=');
    expect(new URL(inner().url()).searchParams.get('sdkBusiness')).toBe('demo-partner');
    expect(await inner().title()).not.toContain('sat_');
    await expect(frame.locator('body')).not.toContainText('sat_');

    await frame.getByRole('link', { name: 'Start level 1' }).click();
    await expect(frame.getByRole('heading', { level: 1, name: 'Your verification' })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Add personal information' })).toBeVisible();
    await expect(frame.getByTestId('level-1')).toBeVisible();
    // The partner's bar and the steps; none of the account's chrome.
    await expect(frame.getByTestId('sdk-bar')).toContainText('Verification for Demo Partner');
    const body = frame.locator('body');
    for (const absent of ['sat_', 'Signed in as', 'User ID', 'My account', 'Your data', 'limit', 'BTC']) await expect(body).not.toContainText(absent);
    await expect(frame.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await expect(frame.getByRole('banner')).toHaveCount(0);
    await expect(frame.getByRole('contentinfo')).toHaveCount(0);
    expect(await inner().title()).not.toContain('sat_');
    // Nothing wider than the frame (the partner's bar and the steps fit a phone), and axe-clean inside it.
    expect(await inner().evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    // axe once (the phone: the narrower layout); the desktop renders the same elements.
    if (name === 'phone') await expectAxeClean(page);

    // The account's own pages are not part of the flow: opened by address, the step list instead.
    await inner().goto(new URL('/user/accounts/auth/my-data?sdkBusiness=demo-partner', inner().url()).href);
    await expect(frame.getByRole('heading', { level: 1, name: 'Your verification' })).toBeVisible();
    await expect.poll(() => new URL(inner().url()).pathname).toBe('/user/accounts/auth/personal');
    await expect(body).not.toContainText('Your data');

    // The hand-back to the partner still works: the whole page goes to its allowed address.
    await frame.getByRole('button', { name: 'Back to Demo Partner' }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/partner-demo\/done$/);
    await expect(page.getByRole('heading', { name: 'Welcome back to Demo Partner' })).toBeVisible();
  });
}
