import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FaceApiModule, FaceModel, WeightLoader } from './face-model.ts';
import { fromWeightMap } from './face-model.ts';

/**
 * Tests only: the model files of the installed package, read from disk (what our server serves to
 * browsers), so tests run the real detector with nothing fetched.
 */
export const FACE_PACKAGE_DIR = path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json'));

export const fromPackageFiles: WeightLoader = async (api: FaceApiModule, model: FaceModel) => {
  const dir = path.join(FACE_PACKAGE_DIR, 'model');
  const manifest = JSON.parse(readFileSync(path.join(dir, `${model}-weights_manifest.json`), 'utf8')) as { paths: string[]; weights: Parameters<FaceApiModule['tf']['io']['decodeWeights']>[1] }[];
  const buffers = manifest.flatMap((group) => group.paths.map((p) => readFileSync(path.join(dir, p))));
  const bytes = Buffer.concat(buffers);
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  fromWeightMap(api, model, api.tf.io.decodeWeights(data, manifest.flatMap((group) => group.weights)));
};

type Edit = (img: import('sharp').Sharp) => import('sharp').Sharp;

/**
 * A package's sample picture as the detector's input (an RGB tensor), after `edits` applied one
 * after the other (sharp reorders the operations of one pipeline, so each step is its own).
 */
export async function pictureTensor(api: FaceApiModule, file: string, ...edits: Edit[]) {
  const sharp = (await import('sharp')).default;
  let bytes = readFileSync(file);
  for (const edit of edits) bytes = await edit(sharp(bytes)).png().toBuffer();
  const { data, info } = await sharp(bytes).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { tensor: api.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3]), width: info.width, height: info.height };
}
