import type * as FaceApi from '@vladmandic/face-api/dist/face-api.esm.js';
import { APP_BASE } from '../../../shared/api/paths.ts';
import type { FaceObservation, FrameObservation } from '../../../shared/face-checks.ts';

/**
 * The face detector (decision 023): @vladmandic/face-api and the model weights its npm package
 * ships, served by our own server (FACE_MODEL_PATH); nothing is fetched from anywhere else. This
 * module is only ever imported lazily (the selfie step, once the camera opens), so neither the library
 * (about 1.3 MB) nor a model is part of the first page. What it measures only guides the user: the
 * server decides on the pictures with its own model, and computes the face match (decision 039).
 */
export type FaceApiModule = typeof FaceApi;

/** Where our server serves the package's model files (src/server/plugins/face-models.ts). */
export const FACE_MODEL_PATH = `${APP_BASE}/models/face`;

/** The package's models the browser uses: a small detector and the 68-point landmarks (the selfie and its liveness moves). */
export const FaceModel = {
  DETECTOR: 'tiny_face_detector_model',
  LANDMARKS: 'face_landmark_68_model',
} as const;
export type FaceModel = (typeof FaceModel)[keyof typeof FaceModel];

/** How a model's weights are loaded: from our server in the browser, from the package's folder in tests. */
export type WeightLoader = (api: FaceApiModule, model: FaceModel) => Promise<void>;

const netOf = (api: FaceApiModule, model: FaceModel) => (model === FaceModel.DETECTOR ? api.nets.tinyFaceDetector : api.nets.faceLandmark68Net);

export const fromOurServer: WeightLoader = (api, model) => netOf(api, model).loadFromUri(FACE_MODEL_PATH);

/** Loads weights already decoded (tests read the package's files from disk). */
export function fromWeightMap(api: FaceApiModule, model: FaceModel, weights: FaceApi.tf.NamedTensorMap): void {
  netOf(api, model).loadFromWeightMap(weights);
}

/** The engine calls the package's typings leave out (they are in the bundled TensorFlow.js). */
export interface TfEngine {
  setBackend(name: 'webgl' | 'cpu'): Promise<boolean>;
  ready(): Promise<void>;
  disposeVariables(): void;
}
export const engineOf = (api: FaceApiModule): TfEngine => api.tf as unknown as TfEngine;

let library: Promise<FaceApiModule> | null = null;

/**
 * The library with a working backend: WebGL where the browser has it, else the plain JavaScript one.
 * Never the WebAssembly backend: it would fetch its binary from elsewhere at run time.
 */
export function loadFaceApi(): Promise<FaceApiModule> {
  library ??= (async () => {
    const api = await import('@vladmandic/face-api/dist/face-api.esm.js');
    const tf = engineOf(api);
    const onGpu = await tf.setBackend('webgl').catch(() => false);
    if (!onGpu) await tf.setBackend('cpu');
    await tf.ready();
    return api;
  })().catch((err: unknown) => {
    library = null;
    throw err;
  });
  return library;
}

/** Loads the models not loaded yet (each once per page). */
export async function ensureModels(api: FaceApiModule, models: readonly FaceModel[], load: WeightLoader = fromOurServer): Promise<void> {
  await Promise.all(models.filter((m) => !netOf(api, m).isLoaded).map((m) => load(api, m)));
}

type Input = FaceApi.TNetInput;

/** The detector's options: a 320 px pass is quick on a phone. */
const detectorOptions = (api: FaceApiModule) => new api.TinyFaceDetectorOptions({ inputSize: 320, scoreThreshold: 0.5 });

const toFace = (r: { detection: FaceApi.FaceDetection; landmarks: FaceApi.FaceLandmarks68 }): FaceObservation => ({
  box: { x: r.detection.box.x, y: r.detection.box.y, width: r.detection.box.width, height: r.detection.box.height },
  score: Math.round(r.detection.score * 1000) / 1000,
  landmarks: r.landmarks.positions.map((p) => [Math.round(p.x * 10) / 10, Math.round(p.y * 10) / 10] as const),
});

/** What the detector sees in one frame (needs DETECTOR and LANDMARKS loaded). */
export async function observe(api: FaceApiModule, input: Input, width: number, height: number): Promise<FrameObservation> {
  const results = await api.detectAllFaces(input, detectorOptions(api)).withFaceLandmarks();
  return { width, height, faces: results.map(toFace) };
}
