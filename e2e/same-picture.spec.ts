import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { FLOW_SIZES } from './support/sizes.ts';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';

/**
 * Issue 27 point 7 (decision 048): the same picture sent as both sides of an ID card is refused on
 * the second side's tile with a clear message; another picture for that side then goes through.
 */
const images = mkdtempSync(path.join(tmpdir(), 'same-picture-e2e-'));

/** A photo-like picture (structured noise); another size draws another pattern. */
async function noiseImage(name: string, width: number, height: number): Promise<string> {
  const file = path.join(images, name);
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 5) * 31) & 0xff;
  await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toFile(file);
  return file;
}

for (const [size, options] of Object.entries(FLOW_SIZES)) {
  test.describe(`at the ${size} size`, () => {
    test.use(options);

    test('the front sent again as the back is refused on the back tile, and a real back is accepted', async ({ page }) => {
      const front = await noiseImage(`${size}-front.jpg`, 1200, 800);
      // The same photo picked again, saved anew (copies re-encoded or scaled are the server tests' part:
      // this noise has no picture in it that survives scaling).
      const again = path.join(images, `${size}-front-again.png`);
      await sharp(front).png().toFile(again);
      const back = await noiseImage(`${size}-back.jpg`, 1100, 760);

      await registerViaApi(page, uniqueEmail('same-picture'));
      const saved = await page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
        data: { firstName: 'Astrid', lastName: 'Lind', dateOfBirth: '1990-05-17', nationality: 'SE', residenceCountry: 'SE', addressLine1: 'Storgatan 3', city: 'Uppsala', postalCode: '753 20' },
      });
      expect((await saved.json()).ret_code).toBe(0);

      await page.goto('/user/accounts/auth/kyc?step=country');
      await expect(page.getByLabel('Issuing country')).toHaveValue('SE');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('label').filter({ hasText: 'ID card' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: 'Upload the photos: ID card' })).toBeVisible();

      const frontTile = page.getByTestId('slot-DOCUMENT_FRONT');
      const backTile = page.getByTestId('slot-DOCUMENT_BACK');
      await page.getByLabel('Front side').setInputFiles(front);
      await expect(frontTile.getByText('Uploaded', { exact: true })).toBeVisible();

      await page.getByLabel('Back side').setInputFiles(again);
      await expect(backTile.getByRole('alert')).toHaveText('This is the same picture as the other side of your document. Turn the document over and take a photo of this side.');
      await expect(backTile.getByText('Uploaded', { exact: true })).toHaveCount(0);
      // The front is untouched; nothing was stored for the back.
      await expect(frontTile.getByText('Uploaded', { exact: true })).toBeVisible();
      const drafts = (await (await page.request.get('/x-api/v3/private/kyc/document-drafts?level=1')).json()) as { result: { documents: { kind: string }[] } };
      expect(drafts.result.documents.map((d) => d.kind)).toEqual(['DOCUMENT_FRONT']);

      // The refused picture stays on its tile with the reason (issue 27), never as uploaded; Retake opens its input.
      await expect(backTile.getByText('front-again.png')).toBeVisible();
      await backTile.locator('input[type=file]').setInputFiles(back);
      await expect(backTile.getByText('Uploaded', { exact: true })).toBeVisible();
      await expect(backTile.getByRole('alert')).toHaveCount(0);
    });
  });
}
