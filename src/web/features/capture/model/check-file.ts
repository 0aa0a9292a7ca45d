import { ANALYSIS_WIDTH, measurePicture, qualityIssues } from '../../../../shared/capture-quality.ts';
import type { QualityIssue } from '../../../../shared/capture-rules.ts';
import type { PicturePurpose } from '../../../lib/capture/capture-kit.ts';

/** The RGBA pixels of an image source scaled to ANALYSIS_WIDTH (the measures' fixed scale). */
export function pixelsOf(source: CanvasImageSource, width: number, height: number): { data: Uint8ClampedArray; width: number; height: number } | null {
  if (!width || !height) return null;
  const w = Math.min(ANALYSIS_WIDTH, width);
  const h = Math.max(1, Math.round((height * w) / width));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, w, h);
  return { data: ctx.getImageData(0, 0, w, h).data, width: w, height: h };
}

/** The quality issues of a picture on screen or in memory (a video frame, a decoded file). */
export function issuesOfSource(source: CanvasImageSource, width: number, height: number, purpose: PicturePurpose): QualityIssue[] {
  const px = pixelsOf(source, width, height);
  if (!px) return [];
  const document = purpose === 'document';
  return qualityIssues(measurePicture(px.data, px.width, px.height, document), document);
}

/**
 * The browser's checks of a chosen file (decision 023): decoded, scaled and measured like a camera
 * frame. A file the browser cannot decode throws; the caller lets the server judge it.
 */
export async function checkFile(file: Blob, purpose: PicturePurpose): Promise<QualityIssue[]> {
  const bitmap = await createImageBitmap(file);
  try {
    return issuesOfSource(bitmap, bitmap.width, bitmap.height, purpose);
  } finally {
    bitmap.close();
  }
}
