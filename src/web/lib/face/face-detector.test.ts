import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QualityIssue } from '../../../shared/capture-rules.ts';
import { faceIssues } from '../../../shared/face-checks.ts';
import { engineOf, ensureModels, FaceModel, observe, type FaceApiModule } from './face-model.ts';
import { FACE_PACKAGE_DIR, fromPackageFiles, pictureTensor } from './package-weights.ts';

/**
 * The real detector on the pictures @vladmandic/face-api's npm package ships (demo/sample1.jpg: three
 * women; sample5.jpg: a group, the woman at the bottom left used as "the applicant"; sample6.jpg: another
 * group), with the package's own model files: what the selfie step runs to guide the user (the face
 * match and the liveness decision run on the server: modules/handoff/liveness.test.ts, decision 039).
 * Runs on the plain JavaScript backend (no GPU here): a few seconds per picture.
 */
let api: FaceApiModule;
type Edit = Parameters<typeof pictureTensor>[2];
const sample = (n: number) => path.join(FACE_PACKAGE_DIR, 'demo', `sample${n}.jpg`);
const W = 640;
/** Sample 5 scaled to 640 px: the applicant's face is near (91, 293), 128 × 115. */
const applicantSelfie = { left: 55, top: 250, width: 200, height: 200 };

beforeAll(async () => {
  api = await import('@vladmandic/face-api/dist/face-api.esm.js');
  await engineOf(api).setBackend('cpu');
  await engineOf(api).ready();
  await ensureModels(api, [FaceModel.DETECTOR, FaceModel.LANDMARKS], fromPackageFiles);
}, 60_000);
afterAll(() => engineOf(api).disposeVariables());

async function frameOf(file: string, ...edits: Edit[]) {
  const pic = await pictureTensor(api, file, ...edits);
  try {
    return await observe(api, pic.tensor, pic.width, pic.height);
  } finally {
    pic.tensor.dispose();
  }
}

describe('face detection on the package\'s sample pictures', () => {
  it('a group photo has several faces', async () => {
    const frame = await frameOf(sample(1), (img) => img.resize(W));
    expect(frame.faces.length).toBeGreaterThanOrEqual(2);
    expect(faceIssues(frame)).toEqual([QualityIssue.SEVERAL_FACES]);
    expect(frame.faces.every((f) => f.landmarks.length === 68)).toBe(true);
  }, 30_000);

  it('one face, large and centred, passes', async () => {
    const frame = await frameOf(sample(5), (img) => img.resize(W), (img) => img.extract(applicantSelfie));
    expect(frame.faces).toHaveLength(1);
    expect(faceIssues(frame)).toEqual([]);
  }, 30_000);

  it('the same face small in a corner is too small and off centre', async () => {
    const frame = await frameOf(sample(5), (img) => img.resize(W), (img) => img.extract(applicantSelfie).resize(180), (img) => img.extend({ right: 460, bottom: 300, background: '#808080' }));
    expect(frame.faces).toHaveLength(1);
    expect(faceIssues(frame)).toEqual([QualityIssue.FACE_TOO_SMALL, QualityIssue.FACE_OFF_CENTRE]);
  }, 30_000);

  it('a picture without a face (a plain wall) has none', async () => {
    const frame = await frameOf(sample(5), (img) => img.resize(W), (img) => img.extract({ left: 560, top: 0, width: 80, height: 80 }), (img) => img.resize(320, 240));
    expect(faceIssues(frame)).toEqual([QualityIssue.NO_FACE]);
  }, 30_000);
});
