import config, { E2E_PORT } from '../playwright.config.ts';
import { expect, test } from './support/fixtures.ts';
import { applicantAtSelfie, noiseImage } from './support/selfie-setup.ts';

/**
 * Issue 17, the selfie step with Chromium's own fake camera, which shows a moving test pattern and
 * no face. The real face detector runs in the page, its code and model files loaded only on this step
 * and only from our own server; it finds no face, says so plainly, and the user falls back to the
 * upload, told that a reviewer then does the checks.
 */
const defaults = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...defaults, args: [...(defaults.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

test('a camera without a face: told plainly, then the upload; the detector came from our server only', async ({ page }) => {
  // The face detector loads and runs in the browser before anything is said. Headless Chromium has
  // only a software GPU: the first look compiles the detector's shaders on the CPU (10 s on a quiet
  // machine, measured), and "no face" is said after 6 s without one; on two shared cores with the
  // other worker busy that doubles, so this test has the liveness test's time.
  test.setTimeout(150_000);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await applicantAtSelfie(page, 'selfie-noface');
  // Nothing of the detector so far.
  expect(requests.filter((u) => /face-api|\/models\/face\//.test(u))).toEqual([]);
  // Without the camera the page says which checks a reviewer then does.
  await expect(page.getByText('No camera, or you prefer not to use it? Upload a selfie instead: the face and liveness checks are then done by a reviewer.')).toBeVisible();

  await page.getByRole('button', { name: 'Take a selfie with the camera' }).click();
  await page.getByRole('button', { name: 'I agree, open the camera' }).click();
  const hint = page.getByTestId('face-hint');
  await expect(hint).toHaveAttribute('role', 'status');
  // The detector loads, looks at the test pattern, and finds nobody.
  await expect(hint).toHaveText('We cannot see a face. Face the camera in good light, without anything covering your face.', { timeout: 75_000 });
  await expect(page.getByRole('button', { name: "I'm ready: start the movement check" })).toBeDisabled();
  const help = page.getByTestId('no-face-help');
  await expect(help).toHaveAttribute('role', 'alert', { timeout: 40_000 });
  await expect(help).toContainText('We cannot find a face in the camera picture.');
  await help.getByRole('button', { name: 'Upload a selfie instead' }).click();
  await expect(page.getByLabel('Camera preview')).toBeHidden();
  await expect(page.getByTestId('selfie-fell-back')).toContainText('a reviewer will then check your face');

  await page.getByLabel('Selfie photo').setInputFiles(await noiseImage('selfie.jpg', 800, 1000));
  await expect(page.getByTestId('slot-SELFIE').getByText('Uploaded', { exact: true })).toBeVisible();

  // The library and the two small models it needs came from our own origin, and nothing from anywhere else.
  const own = `http://127.0.0.1:${E2E_PORT}/`;
  expect(requests.filter((u) => !u.startsWith(own) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
  expect(requests.some((u) => /\/assets\/face-api\.esm-[\w-]+\.js$/.test(u))).toBe(true);
  for (const model of ['tiny_face_detector_model', 'face_landmark_68_model']) {
    expect(requests).toContain(`${own}user/accounts/models/face/${model}-weights_manifest.json`);
    expect(requests).toContain(`${own}user/accounts/models/face/${model}.bin`);
  }
  // The recognition model (6 MB) is the console's, never the applicant's.
  expect(requests.some((u) => u.includes('face_recognition_model'))).toBe(false);
});
