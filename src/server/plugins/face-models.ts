import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APP_BASE } from '../../shared/api/paths.ts';

/**
 * The face models the browser loads (src/web/lib/face/face-model.ts, FaceModel): nothing else is
 * served. The recognition model is not among them: faces are compared on the server (decision 039).
 */
const MODELS = ['tiny_face_detector_model', 'face_landmark_68_model'] as const;
export const FACE_MODEL_FILES: readonly string[] = MODELS.flatMap((m) => [`${m}-weights_manifest.json`, `${m}.bin`]);

/** The folder of model files the npm package ships (installed with the app: nothing is downloaded). */
export const faceModelDir = (): string => path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'model');

/**
 * Serves the face detector's model files from the installed @vladmandic/face-api package (decision
 * 023), under our own origin: the selfie step loads them from here, so
 * no browser ever fetches a model from a third party. Only the listed files; the package's version
 * is in the ETag, and a day's caching is plenty for files this rarely requested.
 */
async function faceModelsPlugin(app: FastifyInstance) {
  const root = faceModelDir();
  await app.register(fastifyStatic, { root, serve: false, index: false, wildcard: false, decorateReply: false, suppressWarning: true });
  const known = new Set(FACE_MODEL_FILES.filter((f) => existsSync(path.join(root, f))));
  app.get<{ Params: { file: string } }>(`${APP_BASE}/models/face/:file`, (request, reply) => {
    if (!known.has(request.params.file)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.sendFile(request.params.file, root, { maxAge: 86_400_000 });
  });
}

export default fp(faceModelsPlugin, { name: 'face-models' });
