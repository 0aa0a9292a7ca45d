import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import defaultConfig from 'lighthouse/core/config/default-config.js';
import sharp from 'sharp';
import config from '../playwright.config.ts';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { HANDOFF_EXPIRE_PATH } from './support/handoff-clock.ts';
import { noiseImage } from './support/selfie-setup.ts';

/**
 * Issues 17 and 27, "continue on your phone" in two Chromium contexts against the real server: a
 * desktop (1280×800, signed in, no camera needed) and an emulated 390×844 phone (touch) whose fake
 * camera is fed from a video file this spec writes: an ID card on a desk. One link (decision 058):
 * the phone opens it without logging in, photographs the front under the framing guide, sends the
 * back from a file after the quality checks refused a blurred one twice, then the selfie, "step n of
 * 3" each time, and ends by itself; the desktop shows which step the phone is on and moves on to
 * the review without a reload. Then reuse, revocation and expiry of links.
 */
const W = 640;
const H = 480;
const dir = mkdtempSync(path.join(tmpdir(), 'capture-e2e-'));

/**
 * Grey levels of an ID card with lines of print on a plain desk (as the quality tests paint it); the
 * front has a portrait, the back none (the same picture as both sides is refused, decision 048).
 */
function cardScene(blur = 0, portrait = true): Uint8Array {
  const grey = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let v = 70 + Math.round((x / W) * 20);
      const cx = x - 80;
      const cy = y - 60;
      if (cx >= 0 && cx < 480 && cy >= 0 && cy < 330) {
        v = 225;
        if (cy % 24 >= 8 && cy % 24 < 14 && cx > 20 && cx < 460 && cx % 16 < 11) v = 30;
        if (portrait && cx > 20 && cx < 130 && cy > 40 && cy < 200) v = 110;
      }
      grey[y * W + x] = v;
    }
  }
  for (let pass = 0; pass < blur; pass++) {
    const src = grey.slice();
    for (let y = 3; y < H - 3; y++) for (let x = 3; x < W - 3; x++) {
      let sum = 0;
      for (let d = -3; d <= 3; d++) sum += src[(y + d) * W + x]! + src[y * W + x + d]!;
      grey[y * W + x] = sum / 14;
    }
  }
  return grey;
}

/** A Y4M video (4:2:0, grey: neutral chroma) of the card, for Chromium's fake camera. */
function writeCardVideo(file: string) {
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(cardScene()), Buffer.alloc((W / 2) * (H / 2) * 2, 128)]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 5 }, () => frame)]));
}

// Written when the spec loads, before its browser starts with the file as its camera.
const video = path.join(dir, 'card.y4m');
writeCardVideo(video);
const defaults = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...defaults,
    args: [...(defaults.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  },
});

async function cardFile(name: string, blur = 0, portrait = true): Promise<string> {
  const file = path.join(dir, name);
  await sharp(Buffer.from(cardScene(blur, portrait)), { raw: { width: W, height: H, channels: 1 } }).jpeg({ quality: 92 }).toFile(file);
  return file;
}

/** A signed-in applicant on the level 1 photos step of an ID card. */
async function desktopAtPhotos(page: Page) {
  await registerViaApi(page, uniqueEmail('handoff'));
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
}

/** "Continue on your phone" on the desktop: the QR code and the link it shows. */
async function makeLink(page: Page): Promise<string> {
  const panel = page.getByTestId('handoff-panel');
  await panel.getByRole('button', { name: /Use my phone|Make a new link/ }).click();
  await expect(panel.getByRole('img', { name: 'QR code that opens this step on your phone' })).toBeVisible();
  await expect(panel.getByTestId('handoff-status')).toHaveText('Waiting for your phone…');
  const link = (await panel.getByTestId('handoff-link').textContent())!;
  expect(link).toMatch(/\/user\/accounts\/capture\/handoff#[\w-]{32}$/);
  return link;
}

/** axe on the rules Lighthouse's accessibility score uses (as e2e/accessibility.spec.ts checks its pages). */
const LIGHTHOUSE_RULES = (defaultConfig.categories?.accessibility?.auditRefs ?? []).filter((r) => r.weight > 0).map((r) => r.id);
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withRules(LIGHTHOUSE_RULES).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  return { context, page: await context.newPage() };
}

test('one QR code: the phone takes both sides and the selfie in order, the desktop follows each step and moves on to the review by itself', async ({ browser }) => {
  // Two browsers, a fake camera and four uploads: more than the default on a busy machine.
  test.setTimeout(120_000);
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await desktop.newPage();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  const mobile = await context.newPage();
  try {
    await desktopAtPhotos(page);
    const link = await makeLink(page);
    const status = page.getByTestId('handoff-status');
    const plan = page.getByTestId('handoff-plan');
    await expect(plan.getByRole('listitem')).toHaveText(['Front side: still to do', 'Back side: still to do', 'Selfie: still to do']);

    await mobile.goto(link);
    await expect(mobile.getByRole('heading', { name: 'Continue your verification' })).toBeVisible();
    // The secret leaves the address bar at once; no login happened on the phone.
    await expect.poll(() => mobile.url()).toMatch(/\/capture\/handoff$/);
    await expect(mobile.getByTestId('phone-progress')).toHaveText('Step 1 of 3: Front side');
    await expect(status).toHaveText('Your phone is on step 1 of 3: Front side.');
    await expect(plan.getByRole('listitem').first()).toHaveText('Front side: on your phone now');
    await expectNoViolations(mobile);
    await expectNoViolations(page);

    // Step 1, the front: the fake camera shows the card, full screen, the live check agrees; the photo goes.
    await mobile.getByRole('button', { name: 'Use the camera for: Front side' }).click();
    const camera = mobile.getByRole('dialog', { name: 'Camera preview: Front side' });
    await expect.poll(() => camera.getByTestId('document-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await expect(camera.getByTestId('live-hint')).toHaveText('Looks good: take the photo.');
    await camera.getByRole('button', { name: 'Take photo: Front side' }).click();
    await expect(camera).toHaveCount(0);

    // Step 2, the back, on the same phone page: a blurred file is refused twice, then sent anyway.
    await expect(mobile.getByTestId('phone-progress')).toHaveText('Step 2 of 3: Back side');
    await expect(mobile.getByTestId('phone-last-sent')).toHaveText('Front side sent');
    await expect(status).toHaveText('Your phone is on step 2 of 3: Back side.');
    await expect(page.getByTestId('slot-DOCUMENT_FRONT')).toContainText('Uploaded earlier');
    const back = mobile.getByTestId('phone-shot-DOCUMENT_BACK');
    const blurred = await cardFile('blurred-back.jpg', 6, false);
    await back.getByLabel('Or choose a photo: Back side').setInputFiles(blurred);
    await expect(back.getByTestId('quality-notice')).toContainText('The picture is blurred.');
    await back.getByLabel('Or choose a photo: Back side').setInputFiles(blurred);
    await back.getByRole('button', { name: 'Send this picture anyway' }).click();

    // Step 3, the selfie, still the same link: the selfie step with its camera (and liveness check) or a photo.
    await expect(mobile.getByTestId('phone-progress')).toHaveText('Step 3 of 3: Selfie');
    await expect(status).toHaveText('Your phone is on step 3 of 3: Selfie.');
    await expect(plan.getByRole('listitem')).toHaveText(['Front side: received', 'Back side: received', 'Selfie: on your phone now']);
    const selfie = mobile.getByTestId('phone-shot-SELFIE');
    await expect(selfie.getByRole('button', { name: 'Take a selfie with the camera' })).toBeVisible();
    await selfie.getByLabel('Or choose a photo: Selfie').setInputFiles(await noiseImage('selfie.jpg', 900, 1200));

    // The phone ends by itself and says what happens next; the desktop, never reloaded, is at the review.
    await expect(mobile.getByRole('heading', { name: 'All done — continue on your computer' })).toBeVisible();
    await expect(mobile.getByTestId('handoff-done')).toContainText('Check it there and send it for review');
    await expectNoViolations(mobile);
    await expect(page.getByRole('heading', { name: 'Check and submit' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit for review' })).toBeVisible();
    const drafts = (await (await page.request.get('/x-api/v3/private/kyc/document-drafts?level=1')).json()).result.documents as { kind: string }[];
    expect(drafts.map((d) => d.kind).sort()).toEqual(['DOCUMENT_BACK', 'DOCUMENT_FRONT', 'SELFIE']);

    // The same link again, on another phone: it worked once.
    const second = await phone(browser);
    try {
      await second.page.goto(link);
      await expect(second.page.getByTestId('handoff-problem')).toHaveText('This link was already opened. For your safety it works only once: make a new one on your computer.');
    } finally {
      await second.context.close();
    }
  } finally {
    await context.close();
    await desktop.close();
  }
});

test('a link stopped on the desktop stops the phone; an expired link opens nothing', async ({ page, browser }) => {
  await desktopAtPhotos(page);
  const link = await makeLink(page);
  const { context, page: mobile } = await phone(browser);
  try {
    await mobile.goto(link);
    await expect(page.getByTestId('handoff-status')).toHaveText('Your phone is on step 1 of 3: Front side.');
    await page.getByRole('button', { name: 'Stop using the phone' }).click();
    await expect(page.getByTestId('handoff-status')).toHaveText('The link was stopped. Make a new one to use your phone.');

    // The phone's next picture is refused, and it says what to do.
    await mobile.getByTestId('phone-shot-DOCUMENT_FRONT').getByLabel('Or choose a photo: Front side').setInputFiles(await cardFile('front.jpg'));
    await expect(mobile.getByTestId('handoff-problem')).toHaveText('This link was stopped on your computer. Make a new one there to continue.');
    await expect(page.getByTestId('slot-DOCUMENT_FRONT')).not.toContainText('Uploaded');

    // A new link, left unopened past its time (the test server moves its deadline), opens nothing.
    const fresh = await makeLink(page);
    expect(fresh).not.toBe(link);
    const expired = await page.request.post(HANDOFF_EXPIRE_PATH, { data: {} });
    expect((await expired.json()).result.expired).toBe(1);
    await mobile.goto(fresh);
    await expect(mobile.getByTestId('handoff-problem')).toHaveText('This link has expired. Make a new one on your computer.');
    await expect(page.getByTestId('handoff-status')).toHaveText('The link has expired. Make a new one to use your phone.');
    await expect(page.getByRole('button', { name: 'Make a new link' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('on a 390×844 phone the document camera takes the whole screen, above the sticky Back/Continue bar, its shutter in view', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await desktopAtPhotos(page);
    const front = page.getByTestId('slot-DOCUMENT_FRONT');
    // "Choose a file" offers the gallery (no capture attribute); the camera has its own button.
    await expect(front.locator('input[type=file]')).not.toHaveAttribute('capture');
    await front.getByRole('button', { name: 'Use the camera for: Front side' }).click();
    const camera = page.getByRole('dialog', { name: 'Camera preview: Front side' });
    await expect.poll(() => camera.getByTestId('document-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await expect(camera.getByTestId('live-hint')).toBeInViewport({ ratio: 1 });
    const shutter = camera.getByRole('button', { name: 'Take photo: Front side' });
    await expect(shutter).toBeInViewport({ ratio: 1 });
    // Nothing of the page (the sticky bar) lies over it: the shutter is what a tap at its centre hits.
    expect(
      await shutter.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      }),
    ).toBe(true);
    // The view fills most of the screen.
    const box = (await camera.getByTestId('document-video').boundingBox())!;
    expect(box.height).toBeGreaterThan(844 / 2);

    await page.keyboard.press('Escape');
    await expect(camera).toHaveCount(0);
    await front.getByRole('button', { name: 'Use the camera for: Front side' }).click();
    await expect(shutter).toBeEnabled();
    await shutter.click();
    await expect(camera).toHaveCount(0);
    await expect(front.getByText('Uploaded', { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});
