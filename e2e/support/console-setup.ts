import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, loginThroughPage, registerViaApi, uniqueEmail } from './fixtures.ts';

/** Setup shared by the console specs: an applicant with a pending level-1 case, and a signed-in reviewer. */

/** A photo-like test image (structured noise), as the upload rules expect a real photo. */
function testImage(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + (i >> 5) * 31) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

async function ok(reply: Promise<{ json(): Promise<unknown> }>): Promise<Record<string, unknown>> {
  const body = (await (await reply).json()) as { ret_code: number; result: Record<string, unknown> };
  expect(body.ret_code).toBe(0);
  return body.result;
}

/** A new user with a level 1 application waiting for review, made through the user's own API. */
export async function pendingApplicant(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await registerViaApi(page, email);
  await ok(
    page.request.post('/x-api/v3/private/kyc/kyc-personal-info', {
      data: { firstName: 'Astrid', lastName: 'Lind', dateOfBirth: '1990-05-17', nationality: 'SE', residenceCountry: 'SE', addressLine1: 'Storgatan 3', city: 'Uppsala', postalCode: '753 20' },
    }),
  );
  // Three sizes, three patterns: the same picture as both sides is refused (decision 048).
  const [card, back, selfie] = await Promise.all([testImage(1200, 800), testImage(1100, 760), testImage(800, 1000)]);
  for (const [kind, buffer] of [['DOCUMENT_FRONT', card], ['DOCUMENT_BACK', back], ['SELFIE', selfie]] as const) {
    await ok(page.request.post('/x-api/v3/private/kyc/upload-document', { multipart: { kind, level: '1', file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer } } }));
  }
  await ok(page.request.post('/x-api/v3/private/kyc/submit-application', { data: { level: 1, country: 'SE', documentType: 'DRIVERS_LICENSE' } }));
  return email;
}

/** A reviewer signed in, in a browser context of their own, on the console's queue. */
export async function reviewerPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await loginThroughPage(page, who.email, who.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(page.getByTestId('header-user')).toHaveText(who.email);
  return page;
}
