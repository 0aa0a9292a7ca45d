import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, registerViaApi, uniqueEmail } from './fixtures.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'selfie-e2e-'));

/** A plain test picture the server accepts (noise: sharp enough, no face). */
export async function noiseImage(name: string, width = 1000, height = 800): Promise<string> {
  const file = path.join(dir, name);
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 5) * 31) & 0xff;
  await sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toFile(file);
  return file;
}

/** A signed-in applicant with personal information and both sides of an ID card: on the selfie step. */
export async function applicantAtSelfie(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await registerViaApi(page, email);
  const saved = await page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
    data: { firstName: 'Astrid', lastName: 'Lind', dateOfBirth: '1990-05-17', nationality: 'SE', residenceCountry: 'SE', addressLine1: 'Storgatan 3', city: 'Uppsala', postalCode: '753 20' },
  });
  expect((await saved.json()).ret_code).toBe(0);
  await page.goto('/user/accounts/auth/kyc?step=country');
  await expect(page.getByLabel('Issuing country')).toHaveValue('SE');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('label').filter({ hasText: 'ID card' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Front side').setInputFiles(await noiseImage('front.jpg'));
  await expect(page.getByTestId('slot-DOCUMENT_FRONT').getByText('Uploaded', { exact: true })).toBeVisible();
  await page.getByLabel('Back side').setInputFiles(await noiseImage('back.jpg', 1100, 760));
  await expect(page.getByTestId('slot-DOCUMENT_BACK').getByText('Uploaded', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Take a selfie' })).toBeVisible();
  return email;
}

/**
 * The selfie step with Chromium's fake camera, which shows a test pattern and no face (decision 023):
 * after consent the face check says it finds no face, the user takes the way it offers (the upload)
 * and sends `file` as the selfie.
 */
export async function selfieAfterNoFace(page: Page, file: string): Promise<void> {
  await page.getByRole('button', { name: 'Take a selfie with the camera' }).click();
  await page.getByRole('button', { name: 'I agree, open the camera' }).click();
  const help = page.getByTestId('no-face-help');
  // The detector's models load and run on the CPU in headless Chromium: slow on a loaded 2-core machine.
  await expect(help).toContainText('We cannot find a face in the camera picture.', { timeout: 75_000 });
  await help.getByRole('button', { name: 'Upload a selfie instead' }).click();
  await expect(page.getByLabel('Camera preview')).toBeHidden();
  await page.getByLabel('Selfie photo').setInputFiles(file);
}
