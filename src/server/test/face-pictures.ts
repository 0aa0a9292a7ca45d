import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Tests and the bench only (decision 039): liveness pictures made from the sample photographs that ship inside
 * the @vladmandic/face-api npm package (`demo/sample*.jpg`; nothing is fetched). One woman of
 * sample2.jpg, cropped as a selfie, stands for the user:
 * - straight: the crop as it is (she looks a little to her right);
 * - turnedLeft: the crop mirrored, which turns her face to her left by as much (the server reads
 *   yaw relative to the straight picture, so a mirror is a turn of about twice her own offset);
 * - turnedRight: the crop warped sideways so the nose moves towards the camera's left, as a turn of
 *   the head does;
 * - otherPerson: a woman of sample6.jpg, cropped alike; severalFaces: two people of sample4.jpg;
 * - noise: seeded random pixels (what the project's old test sent as pictures);
 * - documentFront: a grey ID-1-shaped card with her face printed small in black and white.
 */
const demo = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');

const crop = (file: string, left: number, top: number, width: number, height: number) =>
  sharp(path.join(demo, file)).extract({ left, top, width, height }).resize(640, 480).jpeg({ quality: 88 }).toBuffer();

/** Moves the columns around `centre` so that it lands `shift` px away: the face turns, its edges stay. */
async function turnSideways(jpeg: Buffer, centre: number, halfWidth: number, shift: number): Promise<Buffer> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const out = Buffer.alloc(data.length);
  const lo = centre - halfWidth;
  const hi = centre + halfWidth;
  const moved = centre + shift;
  // Target column -> source column: [lo, moved] stretches onto [lo, centre], [moved, hi] onto [centre, hi].
  const source = (x: number) => (x < lo || x > hi ? x : x < moved ? lo + ((x - lo) * (centre - lo)) / (moved - lo) : centre + ((x - moved) * (hi - centre)) / (hi - moved));
  for (let x = 0; x < width; x++) {
    const sx = Math.min(width - 1, Math.max(0, Math.round(source(x))));
    for (let y = 0; y < height; y++) data.copy(out, (y * width + x) * 3, (y * width + sx) * 3, (y * width + sx) * 3 + 3);
  }
  return sharp(out, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
}

function seededNoise(width: number, height: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let i = 0; i < bytes.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = s & 0xff;
  }
  return bytes;
}

export interface FacePictures {
  straight: Buffer;
  turnedLeft: Buffer;
  turnedRight: Buffer;
  otherPerson: Buffer;
  severalFaces: Buffer;
  noise: Buffer;
  documentFront: Buffer;
}

/** Every picture, as JPEG bytes (about 0.3 s of sharp's work: build once per test file). */
export async function facePictures(): Promise<FacePictures> {
  const straight = await crop('sample2.jpg', 1240, 40, 640, 480);
  const portrait = await sharp(straight).grayscale().resize(360, 270).toBuffer();
  return {
    straight,
    turnedLeft: await sharp(straight).flop().jpeg({ quality: 88 }).toBuffer(),
    turnedRight: await turnSideways(straight, 290, 150, -50),
    otherPerson: await crop('sample6.jpg', 1258, 218, 640, 480),
    severalFaces: await crop('sample4.jpg', 500, 0, 800, 600),
    noise: await sharp(seededNoise(480, 360), { raw: { width: 480, height: 360, channels: 3 } }).jpeg().toBuffer(),
    documentFront: await sharp({ create: { width: 1000, height: 630, channels: 3, background: '#d8dde6' } }).composite([{ input: portrait, left: 40, top: 180 }]).jpeg().toBuffer(),
  };
}
