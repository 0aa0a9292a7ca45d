import phash from 'sharp-phash';

/**
 * Perceptual hashes of stored pictures (decision 048): the same picture sent twice, even re-encoded,
 * resized or recompressed by a phone, has (nearly) the same hash; an unrelated picture typically
 * differs in about half of the 64 bits. Stored with each document as 16 hex digits.
 */

/**
 * Hashes at most this many bits apart show the same picture. Measured (same-picture.test.ts): the
 * same picture re-encoded, halved, recompressed, brightened or trimmed by a few pixels stays within
 * 0–4 bits; the front and the back of one card (same size, border and colours) are 18–23 bits apart,
 * a card and a selfie 35 or more. (The suites' synthetic stripe patterns, test-images.ts, differ
 * only in colour offsets and are 2–12 apart: one structure, much the same picture to a perceptual
 * hash; tests that need two sides use seeds whose pictures are 7 or more bits apart.) 6 catches
 * copies and keeps clear of real second sides: a wrongful refusal would block the user at upload.
 */
export const SAME_PICTURE_MAX_DISTANCE = 6;

/** The 64-bit pHash (DCT of a 32×32 greyscale thumbnail) of an image, as 16 hex digits. */
export async function pictureHash(image: Buffer): Promise<string> {
  const bits = await phash(image);
  let hex = '';
  for (let i = 0; i < 64; i += 4) hex += parseInt(bits.slice(i, i + 4), 2).toString(16);
  return hex;
}

/** How many of the 64 bits differ between two hashes of pictureHash. */
export function hashDistance(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < 16; i++) {
    let x = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    for (; x; x &= x - 1) d++;
  }
  return d;
}

/** Whether two stored hashes show the same picture; a picture without a hash (before migration 036) matches nothing. */
export function samePicture(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b && a.length === 16 && b.length === 16 && hashDistance(a, b) <= SAME_PICTURE_MAX_DISTANCE);
}
