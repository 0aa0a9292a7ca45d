/**
 * Build step after `vite build`: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip 9)
 * beside every compressible file of the built web app, so the server sends compressed bytes without
 * compressing on each request (the web plugin serves them with @fastify/static's `preCompressed`).
 * Compressing once at build affords the slowest, smallest settings. A variant that is not smaller
 * than the file is not written: the server then sends the file as it is.
 * Usage: node scripts/precompress.ts [dir] (default dist/web).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 256;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

export function precompress(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const total = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const file of files(dir)) {
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    total.files++;
    total.bytes += raw.length;
    total.brotli += Math.min(br.length, raw.length);
    total.gzip += Math.min(gz.length, raw.length);
  }
  return total;
}

if (import.meta.main) {
  const dir = path.resolve(process.argv[2] ?? process.env.WEB_DIST ?? 'dist/web');
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`precompress: ${dir} is not a directory (run vite build first)`);
  const t = precompress(dir);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`precompress: ${t.files} files, ${kb(t.bytes)} -> brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`);
}
