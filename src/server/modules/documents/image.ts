import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Metadata, OutputInfo, SharpOptions } from 'sharp';
import { DocumentImageRule } from '../../../shared/api/documents.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { BusinessError } from '../../errors.ts';

/** HEIC/HEIF (iPhone default): sharp's prebuilt libvips has no HEVC decoder (checked: heif input is `.avif` only). */
const HEIC_MIME = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);
const ACCEPTED = new Map<string, string>([
  ['image/jpeg', 'jpeg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);
const JPEG_QUALITY = 85;

export interface NormalizedImage {
  /** A baseline JPEG without any metadata (no EXIF, GPS, XMP, ICC, comments). */
  bytes: Buffer;
  width: number;
  height: number;
}

const unsupported = (detected: string | undefined) =>
  new BusinessError(RetCode.DOCUMENT_TYPE_UNSUPPORTED, 'unsupported file type', { accepted: [...DocumentImageRule.ACCEPTED_MIME], ...(detected ? { detected } : {}) });
const unreadable = () => new BusinessError(RetCode.DOCUMENT_IMAGE_UNREADABLE, 'image cannot be read');
const tooSmall = () => new BusinessError(RetCode.DOCUMENT_IMAGE_TOO_SMALL, 'image too small', { minSide: DocumentImageRule.MIN_SHORT_SIDE });
const tooManyPixels = () => new BusinessError(RetCode.DOCUMENT_IMAGE_TOO_LARGE, 'image dimensions too large', { maxPixels: DocumentImageRule.MAX_INPUT_PIXELS });

/**
 * At most this many images are decoded at once per process: a decode may take
 * MAX_INPUT_PIXELS × 4 bytes of memory, and libvips already uses every core for one image.
 */
const MAX_CONCURRENT_DECODES = 2;
let running = 0;
const waiting: (() => void)[] = [];
export async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // Hand the slot straight to the next waiter; otherwise free it.
    if (next) next();
    else running--;
  }
}

/**
 * Turns untrusted upload bytes into the image we store: the type comes from the bytes (JPEG, PNG or
 * WebP; never the file name or the client's Content-Type), the image is fully decoded (a truncated or
 * corrupt file fails here), turned upright by its EXIF orientation, scaled to at most MAX_LONG_SIDE and
 * re-encoded as a fresh JPEG. Re-encoding keeps only pixels: metadata (GPS position, camera serial)
 * and anything appended or embedded (the HTML/ZIP/JS of a polyglot) cannot survive it.
 * Throws a BusinessError with the ret_code of the refusal.
 */
export async function normalizeImage(input: Buffer): Promise<NormalizedImage> {
  const type = await fileTypeFromBuffer(input);
  if (type && HEIC_MIME.has(type.mime)) throw new BusinessError(RetCode.DOCUMENT_HEIC_UNSUPPORTED, 'HEIC images are not supported');
  const format = type ? ACCEPTED.get(type.mime) : undefined;
  if (!format) throw unsupported(type?.mime);

  return withDecodeSlot(async () => {
    const options: SharpOptions = { limitInputPixels: DocumentImageRule.MAX_INPUT_PIXELS, failOn: 'truncated', pages: 1, sequentialRead: true };
    let meta: Metadata;
    try {
      meta = await sharp(input, options).metadata();
    } catch (err) {
      throw /pixel limit/i.test((err as Error).message) ? tooManyPixels() : unreadable();
    }
    // libvips picks its own loader from the bytes and can parse SVG, PDF, TIFF, GIF…: the decoder it
    // chose must be the one for the format the magic bytes named. (Blocking the other loaders with
    // sharp.block() would be stronger, but it is process-wide and the demo seed renders SVG specimens.)
    if (meta.format !== format) throw unsupported(type?.mime);
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw unreadable();
    if (width * height > DocumentImageRule.MAX_INPUT_PIXELS) throw tooManyPixels();
    if (Math.min(width, height) < DocumentImageRule.MIN_SHORT_SIDE) throw tooSmall();

    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await sharp(input, options)
        .rotate()
        .resize({ width: DocumentImageRule.MAX_LONG_SIDE, height: DocumentImageRule.MAX_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
        // JPEG has no transparency: transparent areas become white, as on paper.
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: JPEG_QUALITY, progressive: false })
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      throw /pixel limit/i.test((err as Error).message) ? tooManyPixels() : unreadable();
    }
    // A very long, thin image scaled to the size cap can end up narrower than a legible document.
    if (Math.min(output.info.width, output.info.height) < DocumentImageRule.MIN_SHORT_SIDE) throw tooSmall();
    return { bytes: output.data, width: output.info.width, height: output.info.height };
  });
}
