import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { reviewerPage } from './support/console-setup.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Country risk lists (decision 041) in Chromium against the real server: the administrator sees the
 * shipped FATF lists with their sources and dates (and the warning once they are four months old),
 * a bad file is refused with where and why, a good one becomes the next version and the verified
 * users of the listed countries are re-assessed. The card is axe-clean on a phone.
 */
const shipped = readFileSync(new URL('../src/server/modules/risk-lists/shipped/fatf-2026-06.json', import.meta.url), 'utf8');

test('an administrator reads the lists in use and loads a new version; a bad file is refused with where and why', async ({ browser }) => {
  const admin = await reviewerPage(browser, { email: 'admin@example.com', password: 'admin-password-1' });
  await admin.setViewportSize({ width: 412, height: 823 });
  await admin.goto('/user/accounts/console/admin');
  const card = admin.getByRole('region', { name: 'Country risk lists (FATF)' });
  const current = card.getByTestId('risk-lists-current');
  await expect(current).toContainText('High-risk jurisdictions subject to a call for action: 3 countries, published June 19, 2026.');
  await expect(current).toContainText('Jurisdictions under increased monitoring: 22 countries');
  await expect(current.getByRole('link', { name: /Call-for-action-june-2026/ })).toHaveAttribute('href', /^https:\/\/www\.fatf-gafi\.org\//);
  // Published in June 2026: more than four months old from 20 October 2026.
  if (Date.now() > Date.parse('2026-10-20T00:00:00Z')) await expect(card.getByText('These lists are more than four months old')).toBeVisible();
  await admin.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page: admin }).include('main').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const input = card.getByLabel('Lists file (JSON)');
  const doc = JSON.parse(shipped) as { reflects: string; lists: { countries: string[] }[] };
  // An unknown country code: where and what, and the lists in use stay.
  const bad = { ...doc, lists: [{ ...doc.lists[0], countries: ['IR', 'XX'] }] };
  await input.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await card.getByRole('button', { name: 'Load these lists' }).click();
  await expect(card.getByRole('alert')).toHaveText('At $.lists[0].countries[1]: "XX" is not a country code (ISO 3166-1 alpha-2, upper case).');
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  // The same lists again, said to reflect a check: the next version, re-assessed (no demo user lives in a listed country).
  const before = Number((await current.textContent())!.match(/Version (\d+)/)![1]);
  await input.setInputFiles({ name: 'fatf-checked.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...doc, reflects: 'checked by the e2e test' })) });
  await card.getByRole('button', { name: 'Load these lists' }).click();
  await expect(card.getByText(`Version ${before + 1} is in use`)).toBeVisible();
  await expect(current).toContainText(`Version ${before + 1}: fatf-checked.json, loaded`);
  await expect(current).toContainText('by admin@example.com');
  await expect(current).toContainText('Reflects: checked by the e2e test');
  await expect(card.getByText(/^Verified users re-assessed .*: 0 put into enhanced due diligence\.$/)).toBeVisible({ timeout: 30_000 });
});
