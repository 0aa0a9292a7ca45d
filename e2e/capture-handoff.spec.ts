import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import config from '../playwright.config.ts';
import { expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';
import { HANDOFF_EXPIRE_PATH } from './support/handoff-clock.ts';

/**
 * Issue 17, "continue on your phone" in two Chromium contexts against the real server: a desktop
 * (signed in, no camera needed) and an emulated phone (touch, small screen) whose fake camera is fed
 * from a video file this spec writes: an ID card on a desk. The phone opens the link without
 * logging in, photographs the front under the framing guide, sends the back from a file after the
 * quality checks refused a blurred one twice, and says it is done; the desktop shows each picture
 * as it arrives and moves on. Then reuse, revocation and expiry of links.
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

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  return { context, page: await context.newPage() };
}

test('the phone takes the document photos for the desktop, which shows them as they arrive and moves on', async ({ page, browser }) => {
  // Two browsers, a fake camera and three uploads: more than the default on a busy machine.
  test.setTimeout(90_000);
  await desktopAtPhotos(page);
  const link = await makeLink(page);

  const { context, page: mobile } = await phone(browser);
  try {
    await mobile.goto(link);
    await expect(mobile.getByRole('heading', { name: 'Continue your verification' })).toBeVisible();
    // The secret leaves the address bar at once; no login happened on the phone.
    await expect.poll(() => mobile.url()).toMatch(/\/capture\/handoff$/);
    await expect(page.getByTestId('handoff-status')).toHaveText('Your phone is connected. Pictures appear here as they arrive.');

    // Front: the fake camera shows the card; the framing guide's live check agrees; the photo goes.
    const front = mobile.getByTestId('phone-shot-DOCUMENT_FRONT');
    await front.getByRole('button', { name: 'Use the camera for: Front side' }).click();
    // Issue 27: on the phone the camera takes the whole screen; the hint and the shutter are in view.
    const camera = mobile.getByRole('dialog', { name: 'Camera preview: Front side' });
    await expect.poll(() => camera.getByTestId('document-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await expect(camera.getByTestId('live-hint')).toHaveText('Looks good: take the photo.');
    await expect(camera.getByRole('button', { name: 'Take photo: Front side' })).toBeInViewport({ ratio: 1 });
    await camera.getByRole('button', { name: 'Take photo: Front side' }).click();
    await expect(camera).toHaveCount(0);
    await expect(front.getByRole('status')).toHaveText('Front side sent');
    await expect(page.getByTestId('handoff-arrivals')).toContainText('Front side received');
    await expect(page.getByTestId('slot-DOCUMENT_FRONT')).toContainText('Uploaded earlier');

    // Back: a blurred file is refused twice with the reason; then it may be sent anyway.
    const back = mobile.getByTestId('phone-shot-DOCUMENT_BACK');
    const blurred = await cardFile('blurred-back.jpg', 6, false);
    await back.getByLabel('Or choose a photo: Back side').setInputFiles(blurred);
    await expect(back.getByTestId('quality-notice')).toContainText('The picture is blurred.');
    await expect(back.getByRole('button', { name: 'Send this picture anyway' })).toHaveCount(0);
    await back.getByLabel('Or choose a photo: Back side').setInputFiles(blurred);
    await back.getByRole('button', { name: 'Send this picture anyway' }).click();
    await expect(back.getByRole('status')).toHaveText('Back side sent');
    await expect(page.getByTestId('handoff-arrivals')).toContainText('Back side received');

    await mobile.getByRole('button', { name: "I'm done: back to the computer" }).click();
    await expect(mobile.getByTestId('handoff-done')).toHaveText('All done. Go back to your computer to continue.');
    // The desktop moves on by itself to the selfie.
    await expect(page.getByRole('heading', { name: 'Take a selfie' })).toBeVisible();

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
  }
});

test('a link stopped on the desktop stops the phone; an expired link opens nothing', async ({ page, browser }) => {
  await desktopAtPhotos(page);
  const link = await makeLink(page);
  const { context, page: mobile } = await phone(browser);
  try {
    await mobile.goto(link);
    await expect(page.getByTestId('handoff-status')).toHaveText('Your phone is connected. Pictures appear here as they arrive.');
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
