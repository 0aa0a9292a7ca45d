import type * as FaceApi from '@vladmandic/face-api/dist/face-api.esm.js';
import { APP_BASE } from '../../../shared/api/paths.ts';
import type { FaceObservation, FrameObservation } from '../../../shared/face-checks.ts';

/**
 * The face detector (decision 023): @vladmandic/face-api and the model weights its npm package
 * ships, served by our own server (FACE_MODEL_PATH); nothing is fetched from anywhere else. This
 * module is only ever imported lazily (the selfie step, the console's face match), so neither the
 * library (about 1.3 MB) nor a model is part of the first page.
 */
export type FaceApiModule = typeof FaceApi;

/** Where our server serves the package's model files (src/server/plugins/face-models.ts). */
export const FACE_MODEL_PATH = `${APP_BASE}/models/face`;

/**
 * The package's models we use: a small detector and the 68-point landmarks for the selfie and its
 * liveness moves; the recognition model (6 MB) only for the console's face match.
 */
export const FaceModel = {
  DETECTOR: 'tiny_face_detector_model',
  LANDMARKS: 'face_landmark_68_model',
  RECOGNITION: 'face_recognition_model',
} as const;
export type FaceModel = (typeof FaceModel)[keyof typeof FaceModel];

/** How a model's weights are loaded: from our server in the browser, from the package's folder in tests. */
export type WeightLoader = (api: FaceApiModule, model: FaceModel) => Promise<void>;

const netOf = (api: FaceApiModule, model: FaceModel) =>
  model === FaceModel.DETECTOR ? api.nets.tinyFaceDetector : model === FaceModel.LANDMARKS ? api.nets.faceLandmark68Net : api.nets.faceRecognitionNet;

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

/** The detector's options: a 320 px pass is quick on a phone; a lower score also finds a document's small portrait. */
const detectorOptions = (api: FaceApiModule, portrait = false) => new api.TinyFaceDetectorOptions({ inputSize: portrait ? 512 : 320, scoreThreshold: portrait ? 0.3 : 0.5 });

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

/**
 * The descriptor (128 numbers) of the largest face in a picture, or null when none is found (needs
 * all three models). Used to compare a selfie with a document's portrait.
 */
export async function describeLargestFace(api: FaceApiModule, input: Input, portrait = false): Promise<Float32Array | null> {
  const results = await api.detectAllFaces(input, detectorOptions(api, portrait)).withFaceLandmarks().withFaceDescriptors();
  const largest = results.reduce<(typeof results)[number] | null>((best, r) => (!best || r.detection.box.area > best.detection.box.area ? r : best), null);
  return largest ? largest.descriptor : null;
}
