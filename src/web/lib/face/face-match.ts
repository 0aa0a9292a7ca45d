import { faceMatch, type FaceMatchBand } from '../../../shared/face-checks.ts';
import { describeLargestFace, ensureModels, FaceModel, loadFaceApi } from './face-model.ts';

export type FaceMatchOutcome = { score: number; distance: number; band: FaceMatchBand } | { missing: 'selfie' | 'portrait' };

/** An image the reviewer may read (the console's document route; the session cookie authorises it). */
async function canvasOf(url: string): Promise<HTMLCanvasElement> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`image ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob());
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    return canvas;
  } finally {
    bitmap.close();
  }
}

/**
 * The console's face match (decision 023): the largest face of the selfie and of the document's
 * front, described by the package's recognition model, compared by distance. Runs in the reviewer's
 * browser on the images the console shows; the result is an aid beside both pictures, never stored,
 * never a decision.
 */
export async function compareFaces(selfieUrl: string, portraitUrl: string): Promise<FaceMatchOutcome> {
  const api = await loadFaceApi();
  await ensureModels(api, [FaceModel.DETECTOR, FaceModel.LANDMARKS, FaceModel.RECOGNITION]);
  const [selfie, portrait] = await Promise.all([canvasOf(selfieUrl), canvasOf(portraitUrl)]);
  const a = await describeLargestFace(api, selfie);
  if (!a) return { missing: 'selfie' };
  // A document's portrait is small: the detector looks closer and accepts a lower score.
  const b = await describeLargestFace(api, portrait, true);
  if (!b) return { missing: 'portrait' };
  return faceMatch(a, b);
}
