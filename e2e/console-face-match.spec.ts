import sharp from 'sharp';
import { facePictures } from '../src/server/test/face-pictures.ts';
import { reviewerPage } from './support/console-setup.ts';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { REVIEWER } from './support/reviewers.ts';

/**
 * Issues 17, 28 and 30, the face match as a reviewer's aid, in Chromium against the real server: an
 * applicant sends an ID card whose portrait is the same woman as their selfie, the selfie as a file
 * (pictures made from the sample photographs the face-api npm package ships), and runs a liveness
 * check, as the page does, through the API; after the upload the server compares the selfie file
 * with the front using its own model (decision 045) and stores the face match. The reviewer opens the
 * case and sees the stored band and score of those two pictures, with the model that computed it: no
 * model is fetched or run in the reviewer's page, and nothing is decided by it.
 * Each picture's recorded quality is shown under it.
 */
test('the reviewer sees the face match the server stored, at once: a band and a score, no decision', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('facematch');
  await registerViaApi(page, email);
  const saved = await page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
    data: { firstName: 'Astrid', lastName: 'Lind', dateOfBirth: '1990-05-17', nationality: 'SE', residenceCountry: 'SE', addressLine1: 'Storgatan 3', city: 'Uppsala', postalCode: '753 20' },
  });
  expect((await saved.json()).ret_code).toBe(0);
  const faces = await facePictures();
  const [selfie, card] = [faces.straight, faces.documentFront];
  // The back is the card mirrored: the same picture as both sides is refused (decision 048).
  const back = await sharp(card).flop().jpeg().toBuffer();
  for (const [kind, buffer, warnings] of [['DOCUMENT_FRONT', card, 'GLARE'], ['DOCUMENT_BACK', back, ''], ['SELFIE', selfie, '']] as const) {
    const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { kind, level: '1', ...(warnings ? { warnings } : {}), file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer } };
    expect((await (await page.request.post('/x-api/v3/private/kyc/upload-document', { multipart })).json()).ret_code).toBe(0);
  }
  // The liveness check as the page finishes it (the straight-ahead picture only: it fails, INCOMPLETE,
  // but the server still compares that face with the document front and stores the score).
  const challenge = (await (await page.request.post('/x-api/v1/private/capture/liveness/start', { data: { level: 1 } })).json()).result as { id: string };
  const finished = await page.request.post('/x-api/v1/private/capture/liveness/finish', { data: { id: challenge.id, frames: [], pictures: [{ label: 'BASELINE', image: selfie.toString('base64') }] } });
  expect((await finished.json()).result).toMatchObject({ status: 'FAILED', failure: 'INCOMPLETE' });
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
  // The stored score, at once: no button to press, no model fetched by the reviewer's page.
  const result = panel.getByTestId('face-match-result');
  // The server's first comparison after its start loads the model (seconds on a busy machine): the panel says "computing" and asks again until it lands.
  await expect(result).toContainText('Match', { timeout: 40_000 });
  await expect(result).toContainText('from the selfie and the document front');
  await expect(result).toContainText(/Similarity \d+/);
  await expect(result).toContainText('Computed on the server by @vladmandic/face-api');
  await expect(panel).toContainText('this score never approves or rejects');
  await expect(panel.getByRole('button')).toHaveCount(0);
  expect(requests.some((u) => u.includes('/models/face/'))).toBe(false);
  // The liveness check the server decided, with what it found.
  await expect(reviewer.getByTestId('liveness-summary')).toContainText('Not every movement was seen in time');
  // The case is still waiting for the reviewer's own decision.
  await expect(reviewer.getByRole('button', { name: 'Approve' })).toBeVisible();
  await reviewer.context().close();
});
