import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses large replies the server computes (API JSON such as the country list, translation
 * files) with brotli or gzip, as the request's Accept-Encoding allows. Replies under 1 KB are sent
 * as they are (the headers would outweigh the saving). Brotli at quality 4: per-request compression
 * must stay cheap; the built web app is compressed once at build at the highest quality and served
 * as such (web plugin), so it already carries Content-Encoding and is left alone here. Images
 * (documents) and fonts are not compressible types and pass through.
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

export default fp(compressionPlugin, { name: 'compression' });
