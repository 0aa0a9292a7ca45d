import type { Page } from '@playwright/test';
import { pendingApplicant, reviewerPage } from './support/console-setup.ts';
import { PNG, sandboxReview } from './support/sumsub-stand-in.ts';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Decision 052 in Chromium against the real server: an administrator writes the German template of
 * a reject reason in the console; a reviewer rejects an application with two reasons; the user,
 * reading German, sees both reasons translated and the administrator's German template. And a
 * senior reviewer overrides Sumsub's rejection of a new identity document (a REVERIFICATION case).
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

/** A GB resident verified at level 1 by Sumsub, then asked for a new identity document and rejected by Sumsub on it (all through the APIs and the fake). */
async function updateRejectedBySumsub(page: Page, reviewer: Page): Promise<string> {
  const email = uniqueEmail('reverify-override');
  await registerViaApi(page, email);
  const saved = await page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
    data: { firstName: 'Camille', lastName: 'Laurent', dateOfBirth: '1987-09-21', nationality: 'FR', residenceCountry: 'GB', addressLine1: '14 Royal Crescent', city: 'Bath', postalCode: 'BA1 2LR' },
  });
  expect((await saved.json()).ret_code).toBe(0);
  const submitAtSumsub = async (call: string, data: object) => {
    const session = (await (await page.request.post(`/x-api/v3/private/kyc/${call}`, { data })).json()).result as { apiUrl: string; token: string; externalId: string };
    const form = new FormData();
    form.append('document', new Blob([PNG], { type: 'image/png' }), 'front.png');
    form.append('selfie', new Blob([PNG], { type: 'image/png' }), 'selfie.png');
    expect((await fetch(`${session.apiUrl}/websdk/p/${encodeURIComponent(session.token)}/submit`, { method: 'POST', body: form })).status).toBe(200);
    return session;
  };
  const level = await submitAtSumsub('vendor-token', { level: 1 });
  await sandboxReview(level.apiUrl, level.externalId, { reviewAnswer: 'GREEN' });
  const statusOf = async () => ((await (await page.request.post('/x-api/v3/private/kyc/kyc-info', { data: { obtain_state: true } })).json()).result as { state: { level: number; status: string }[]; displayControl: { displayUpdatePOI: { status: string } } });
  await expect.poll(async () => (await statusOf()).state.find((s) => s.level === 1)?.status).toBe('SUCCESS');
  const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const asked = await reviewer.request.post('/x-api/v1/console/reverification-requests', { data: { email, target: 'POI', reason: 'DOCUMENT_EXPIRED', message: 'Your passport expired.', deadline } });
  expect((await asked.json()).ret_code).toBe(0);
  const update = await submitAtSumsub('update-vendor-token', { target: 'POI' });
  await sandboxReview(update.apiUrl, update.externalId, { reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['UNSATISFACTORY_PHOTOS'], moderationComment: 'Glare on the photo.' });
  await expect.poll(async () => (await statusOf()).displayControl.displayUpdatePOI.status).toBe('DisplayUpdatePOIStatus_Rejected');
  return email;
}

test('a senior reviewer overrides Sumsub\'s rejection of a new identity document: the user\'s update is verified', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  const reviewer = await reviewerPage(browser, REVIEWER);
  const email = await updateRejectedBySumsub(page, reviewer);

  // The re-verification case Sumsub decided: its decision, overridable like a KYC application's.
  await reviewer.goto('/user/accounts/console/?status=REJECTED&kind=REVERIFICATION');
  await reviewer.getByRole('link', { name: email }).click();
  const provider = reviewer.getByTestId('provider-decision');
  await expect(reviewer.getByRole('heading', { name: 'Decision by Sumsub' })).toBeVisible();
  await provider.getByRole('button', { name: 'Override' }).click();
  const dialog = reviewer.getByRole('dialog', { name: 'Override the decision by Sumsub' });
  await expect(dialog).toContainText('Your decision replaces the one by Sumsub.');
  await dialog.getByText('Approve', { exact: true }).click();
  await dialog.getByLabel(/^Why you override/).fill('The glare does not hide any data; checked against the issuer.');
  await dialog.getByRole('button', { name: 'Override decision' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(reviewer.getByRole('heading', { name: 'Decision by Sumsub (overridden)' })).toBeVisible();

  // The user: the new document is verified, nothing to resubmit, the level kept (kyc-info as the pages read it).
  const info = (await (await page.request.post('/x-api/v3/private/kyc/kyc-info', { data: { obtain_state: true } })).json()).result as { state: { level: number; status: string }[]; displayControl: { displayUpdatePOI: { status: string } } };
  expect(info.displayControl.displayUpdatePOI.status).toBe('DisplayUpdatePOIStatus_No');
  expect(info.state.find((s) => s.level === 1)?.status).toBe('SUCCESS');
});
