import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { reviewerPage } from './support/console-setup.ts';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Issue 17, the face match as a reviewer's aid, in Chromium against the real server: an applicant
 * sends a selfie and an ID card whose portrait is the same woman (from demo/sample5.jpg, which the
 * face-api npm package ships); the reviewer opens the case and asks for the comparison. The
 * detector and the recognition model run in the reviewer's page, loaded from our server; the band
 * and score appear beside both pictures, with no decision attached. Each picture's recorded
 * quality is shown under it.
 */
const sample = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample5.jpg');

async function pictures() {
  const wide = await sharp(sample).resize(1280).png().toBuffer();
  const selfie = await sharp(wide).extract({ left: 50, top: 430, width: 500, height: 500 }).resize(600).jpeg({ quality: 90 }).toBuffer();
  // An ID card: a light card with a small grey portrait on the left and lines of print.
  const portrait = await sharp(wide).extract({ left: 140, top: 540, width: 340, height: 320 }).resize(300, 282).grayscale().jpeg().toBuffer();
  const lines = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#d9dde3"/>${Array.from({ length: 9 }, (_, i) => `<rect x="460" y="${180 + i * 50}" width="${600 - (i % 3) * 120}" height="18" fill="#333"/>`).join('')}</svg>`,
  );
  const card = await sharp(lines).composite([{ input: portrait, left: 90, top: 220 }]).jpeg({ quality: 90 }).toBuffer();
  return { selfie, card };
}

test('the reviewer compares the selfie with the document\'s portrait: a band and a score, no decision', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('facematch');
  await registerViaApi(page, email);
  const saved = await page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
    data: { firstName: 'Astrid', lastName: 'Lind', dateOfBirth: '1990-05-17', nationality: 'SE', residenceCountry: 'SE', addressLine1: 'Storgatan 3', city: 'Uppsala', postalCode: '753 20' },
  });
  expect((await saved.json()).ret_code).toBe(0);
  const { selfie, card } = await pictures();
  for (const [kind, buffer, warnings] of [['DOCUMENT_FRONT', card, 'GLARE'], ['DOCUMENT_BACK', card, ''], ['SELFIE', selfie, '']] as const) {
    const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { kind, level: '1', ...(warnings ? { warnings } : {}), file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer } };
    expect((await (await page.request.post('/x-api/v3/private/kyc/upload-document', { multipart })).json()).ret_code).toBe(0);
  }
  expect((await (await page.request.post('/x-api/v3/private/kyc/submit-application', { data: { level: 1, country: 'SE', documentType: 'DRIVERS_LICENSE' } })).json()).ret_code).toBe(0);

  const reviewer = await reviewerPage(browser, REVIEWER);
  const requests: string[] = [];
  reviewer.on('request', (r) => requests.push(r.url()));
  await reviewer.goto('/user/accounts/console/?country=SE');
  await reviewer.getByRole('link', { name: email }).click();

  // The front's recorded quality: the user sent it despite the glare warning.
  await expect(reviewer.getByTestId('document-quality').first()).toContainText('Sent despite: Light is reflecting off the document.');

  const panel = reviewer.getByTestId('face-match');
  await expect(panel.getByRole('img')).toHaveCount(2);
  // Nothing is computed (and no model fetched) until the reviewer asks.
  expect(requests.some((u) => u.includes('/models/face/'))).toBe(false);
  await panel.getByRole('button', { name: 'Compare the faces' }).click();
  const result = panel.getByTestId('face-match-result');
  await expect(result).toContainText('Match', { timeout: 90_000 });
  await expect(result).toContainText(/Similarity \d+/);
  await expect(panel).toContainText('this score never approves or rejects');
  expect(requests.some((u) => u.endsWith('/user/accounts/models/face/face_recognition_model.bin'))).toBe(true);
  // No liveness check for files: said so.
  await expect(reviewer.getByText('No liveness check (file upload or camera declined)')).toBeVisible();
  // The case is still waiting for the reviewer's own decision.
  await expect(reviewer.getByRole('button', { name: 'Approve' })).toBeVisible();
  await reviewer.context().close();
});
