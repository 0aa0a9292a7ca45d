import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/test-app.ts';
import { FACE_MODEL_FILES, faceModelDir } from './face-models.ts';

let app: App;
let close: () => Promise<void>;
beforeAll(async () => ({ app, close } = await createTestApp()));
afterAll(async () => close());

describe('face model files (decision 023)', () => {
  it('the installed package ships every model the browser loads', () => {
    for (const file of FACE_MODEL_FILES) expect(readFileSync(path.join(faceModelDir(), file)).length, file).toBeGreaterThan(0);
  });

  it('serves them from our own origin, byte for byte, without a login', async () => {
    const manifest = await app.inject({ method: 'GET', url: '/user/accounts/models/face/tiny_face_detector_model-weights_manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/json');
    const paths = (manifest.json() as { paths: string[] }[]).flatMap((g) => g.paths);
    expect(paths).toEqual(['tiny_face_detector_model.bin']);
    const weights = await app.inject({ method: 'GET', url: `/user/accounts/models/face/${paths[0]}` });
    expect(weights.statusCode).toBe(200);
    expect(weights.rawPayload.equals(readFileSync(path.join(faceModelDir(), paths[0]!)))).toBe(true);
    expect(weights.headers['cache-control']).toContain('max-age=86400');
  });

  it('serves nothing else from the package: other models, its sources, paths out of the folder', async () => {
    for (const file of ['age_gender_model.bin', '..%2Fpackage.json', '..%2F..%2F..%2Fpackage.json', 'ssd_mobilenetv1_model.bin']) {
      const res = await app.inject({ method: 'GET', url: `/user/accounts/models/face/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.body).not.toContain('"name"');
    }
  });
});
