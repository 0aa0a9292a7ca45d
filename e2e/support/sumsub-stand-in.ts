import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { SUMSUB_DEMO_CREDENTIALS } from '../../src/server/modules/providers/providers.service.ts';
import { expect } from './fixtures.ts';

/** What a test picture looks like to the Sumsub fake: any image bytes (a 1×1 PNG). */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f40000000049454e44ae426082', 'hex');

/** Sumsub's sandbox review call, signed with the fake's published demo credentials (App Token + HMAC). */
export async function sandboxReview(apiUrl: string, applicantId: string, result: object): Promise<void> {
  const path = `/resources/applicants/${applicantId}/status/testCompleted`;
  const body = JSON.stringify(result);
  const ts = Math.floor(Date.now() / 1000).toString();
  const sig = createHmac('sha256', SUMSUB_DEMO_CREDENTIALS.secretKey).update(ts + 'POST' + path + body).digest('hex');
  const res = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-app-token': SUMSUB_DEMO_CREDENTIALS.appToken, 'x-app-access-ts': ts, 'x-app-access-sig': sig },
  });
  expect(res.status).toBe(200);
}

/**
 * On a page that offers Sumsub's flow (kyc, or updatekyc with `tokenCall` 'update-vendor-token'):
 * starts it, completes the stand-in WebSDK (document, selfie, submit) and returns the session the
 * page was given.
 */
export async function completeSumsubSdk(page: Page, tokenCall: 'vendor-token' | 'update-vendor-token' = 'vendor-token'): Promise<{ apiUrl: string; externalId: string }> {
  await expect(page.getByRole('heading', { name: 'Verify with Sumsub' })).toBeVisible();
  const token = page.waitForResponse((r) => r.url().endsWith(`/${tokenCall}`));
  await page.getByRole('button', { name: 'Start verification with Sumsub' }).click();
  const session = (await (await token).json()).result as { apiUrl: string; externalId: string };
  const sdk = page.frameLocator('iframe[title="Sumsub verification"]');
  await sdk.getByLabel('Photo of your identity document (front)').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await sdk.getByRole('button', { name: 'Continue' }).click();
  await sdk.getByLabel('A selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
  await sdk.getByRole('button', { name: 'Continue' }).click();
  await sdk.getByRole('button', { name: 'Submit' }).click();
  return session;
}
