import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import defaultConfig from 'lighthouse/core/config/default-config.js';
import { DEMO, expect, loginThroughPage, test } from './support/fixtures.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Issue 15's accessibility target (Lighthouse's accessibility 100) as a guard in `npm test`: the four
 * pages the bench runs Lighthouse on, checked with axe on exactly the rules Lighthouse's
 * accessibility category scores (its audits of weight > 0 are axe rules of the same name), at
 * Lighthouse's desktop and phone sizes (the console draws cards instead of a table on a phone).
 */
const LIGHTHOUSE_RULES = (defaultConfig.categories?.accessibility?.auditRefs ?? []).filter((r) => r.weight > 0).map((r) => r.id);
const SIZES = { desktop: { width: 1350, height: 940 }, phone: { width: 412, height: 823 } } as const;

async function expectNoViolations(page: Page) {
  // Everything the page loads is in: the checks see the page as Lighthouse does, not a loading state.
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withRules(LIGHTHOUSE_RULES).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the rules checked are Lighthouse\'s accessibility audits', () => {
  expect(LIGHTHOUSE_RULES).toEqual(expect.arrayContaining(['color-contrast', 'label', 'heading-order', 'landmark-one-main', 'button-name', 'target-size']));
});

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`accessibility at the ${size} size`, () => {
    test.use({ viewport });

    test('login', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('button[type=submit]')).toBeVisible();
      await expectNoViolations(page);
      // "Forgot password?" and its answer (issue 27).
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await expectNoViolations(page);
      await page.getByLabel('E-mail').fill('nobody-a11y@example.com');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeFocused();
      await expectNoViolations(page);
    });

    test('personal and kyc pages, signed in', async ({ page }) => {
      await loginThroughPage(page, DEMO.email, DEMO.password);
      await expect(page).toHaveURL(/\/user\/accounts\/auth\/personal$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page);

      await page.goto('/user/accounts/auth/kyc');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page);
    });

    test('console queue, reviewer', async ({ page }) => {
      await loginThroughPage(page, REVIEWER.email, REVIEWER.password);
      await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
