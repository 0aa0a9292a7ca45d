import sharp from 'sharp';

/**
 * Test images generated on the fly (no binary fixtures). Pixels are a deterministic pattern, so they
 * compress like a photo rather than a flat colour and are easy to tell apart by `seed`.
 */
export function pixels(width: number, height: number, seed = 1, channels: 3 | 4 = 3): Buffer {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      data[i] = (x * 7 + seed * 31) & 0xff;
      data[i + 1] = (y * 5 + seed * 17) & 0xff;
      data[i + 2] = ((x ^ y) * 3 + seed) & 0xff;
      if (channels === 4) data[i + 3] = x < width / 2 ? 255 : 96;
    }
  }
  return data;
}

export interface TestImageOptions {
  seed?: number;
  /** EXIF orientation to record (the pixels are stored unrotated, as a phone does). */
  orientation?: number;
  /** Writes GPS coordinates, a camera serial and a comment into EXIF (they must not survive). */
  withPrivateExif?: boolean;
  alpha?: boolean;
}

/** Marker strings written into EXIF by `withPrivateExif`. */
export const PRIVATE_EXIF_MARKERS = ['SERIAL-4242-SECRET', 'Private Street 7'];

export async function makeImage(format: 'jpeg' | 'png' | 'webp', width: number, height: number, options: TestImageOptions = {}): Promise<Buffer> {
  const channels = options.alpha ? 4 : 3;
  let img = sharp(pixels(width, height, options.seed ?? 1, channels), { raw: { width, height, channels } });
  if (format === 'jpeg') img = img.jpeg({ quality: 90 });
  else if (format === 'png') img = img.png();
  else img = img.webp({ quality: 90 });
  if (options.withPrivateExif) {
    img = img.withExif({
      IFD0: { Make: 'TestCam', Model: 'X1', ImageDescription: PRIVATE_EXIF_MARKERS[1]! },
      IFD2: { BodySerialNumber: PRIVATE_EXIF_MARKERS[0]! },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
    });
  }
  if (options.orientation) img = img.withMetadata({ orientation: options.orientation });
  return img.toBuffer();
}
