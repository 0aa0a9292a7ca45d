import sharp from 'sharp';
import { QualityIssue, type DocumentQuality } from '../../../shared/api/capture.ts';
import { DocumentImageRule } from '../../../shared/api/documents.ts';
import { ANALYSIS_WIDTH, laplacianVariance, QualityThreshold } from '../../../shared/capture-quality.ts';

/**
 * The server's cheap quality checks of a stored picture (decision 023): the same blur measure the
 * browser uses (Laplacian variance at ANALYSIS_WIDTH) and the size. They are recorded for the
 * reviewer, never a refusal: the user may have sent a picture the browser warned about on purpose.
 */
export async function measureStored(jpeg: Buffer, width: number, height: number): Promise<{ sharpness: number; server: QualityIssue[] }> {
  const { data, info } = await sharp(jpeg).greyscale().resize({ width: ANALYSIS_WIDTH, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const sharpness = Math.round(laplacianVariance(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), info.width, info.height) * 10) / 10;
  const server: QualityIssue[] = [];
  if (sharpness < QualityThreshold.SERVER_BLUR_MIN_VARIANCE) server.push(QualityIssue.BLURRY);
  // Stored pictures are at least MIN_SHORT_SIDE already; below twice that, print is hard to read.
  if (Math.min(width, height) < DocumentImageRule.MIN_SHORT_SIDE * 2) server.push(QualityIssue.TOO_SMALL);
  return { sharpness, server };
}

/** The stored JSON of a document's quality (null for uploads made before migration 013). */
export function parseQuality(json: string | null): DocumentQuality | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as DocumentQuality;
  } catch {
    return null;
  }
}
