import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type * as FaceApi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type { FaceObservation } from '../../../shared/face-checks.ts';

/**
 * One thread of the face pool (decision 039): @vladmandic/face-api's Node build on TensorFlow.js's
 * WebAssembly backend, with the model weights and the .wasm binary read from the installed npm
 * packages (nothing is downloaded). The models load once per thread, on its first task; each task
 * decodes its pictures with sharp and returns what the detector saw (boxes, 68 landmarks) and the
 * descriptor (128 numbers) of the largest face. Nothing is decided here: the caller judges.
 */
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

export interface PictureTask {
  bytes: Uint8Array;
  /** A document's portrait is small: the detector looks closer and accepts a lower score. */
  portrait?: boolean;
}
export interface PictureReading {
  width: number;
  height: number;
  faces: FaceObservation[];
  /** Of the largest face; null when none was found. */
  descriptor: number[] | null;
}

type Api = typeof FaceApi;
let ready: Promise<Api> | null = null;

async function load(): Promise<Api> {
  // TensorFlow.js greets Node users on the console (it would rather run on tfjs-node): not our log's business.
  const warn = console.warn;
  console.warn = () => {};
  try {
    const tf = require('@tensorflow/tfjs') as { setBackend(name: string): Promise<boolean>; ready(): Promise<void>; enableProdMode(): void };
    const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(prefix: string): void };
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as Api;
    // The .wasm files ship inside the backend's npm package: read from disk, never fetched.
    wasm.setWasmPaths(`${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}${path.sep}`);
    if (!(await tf.setBackend('wasm'))) throw new Error('the WebAssembly backend did not start');
    await tf.ready();
    tf.enableProdMode();
    const models = path.join(packageDir('@vladmandic/face-api'), 'model');
    await api.nets.tinyFaceDetector.loadFromDisk(models);
    await api.nets.faceLandmark68Net.loadFromDisk(models);
    await api.nets.faceRecognitionNet.loadFromDisk(models);
    // One pass of each net on a blank picture: the backend prepares its kernels on first use (most
    // of a second), which the first user's check should not pay.
    const blank = api.tf.zeros([360, 480, 3]) as unknown as FaceApi.TNetInput;
    for (const inputSize of [DETECTOR.frame.inputSize, DETECTOR.portrait.inputSize]) await api.nets.tinyFaceDetector.locateFaces(blank, new api.TinyFaceDetectorOptions({ inputSize }));
    await api.nets.faceLandmark68Net.detectLandmarks(blank);
    await api.nets.faceRecognitionNet.computeFaceDescriptor(blank);
    (blank as unknown as { dispose(): void }).dispose();
    return api;
  } finally {
    console.warn = warn;
  }
}

/**
 * Frames are selfies (the browser keeps them 480 px wide): a 320 px detector pass finds a face that
 * fills a good part of the picture, in about a third of the time of 416. A document photo is larger
 * and its portrait a small part of it: the detector looks closer and accepts a lower score.
 */
const MAX_SIDE = { frame: 480, portrait: 1280 } as const;
const DETECTOR = { frame: { inputSize: 320, scoreThreshold: 0.5 }, portrait: { inputSize: 512, scoreThreshold: 0.3 } } as const;

async function read(api: Api, task: PictureTask): Promise<PictureReading> {
  const side = task.portrait ? MAX_SIDE.portrait : MAX_SIDE.frame;
  const { data, info } = await sharp(task.bytes).rotate().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const input = api.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [info.height, info.width, 3], 'int32');
  try {
    const options = new api.TinyFaceDetectorOptions(task.portrait ? DETECTOR.portrait : DETECTOR.frame);
    const results = await api.detectAllFaces(input as unknown as FaceApi.TNetInput, options).withFaceLandmarks().withFaceDescriptors();
    const faces = results.map((r) => ({
      box: { x: round(r.detection.box.x), y: round(r.detection.box.y), width: round(r.detection.box.width), height: round(r.detection.box.height) },
      score: Math.round(r.detection.score * 1000) / 1000,
      landmarks: r.landmarks.positions.map((p) => [round(p.x), round(p.y)] as const),
    }));
    const largest = results.reduce<(typeof results)[number] | null>((best, r) => (!best || r.detection.box.area > best.detection.box.area ? r : best), null);
    return { width: info.width, height: info.height, faces, descriptor: largest ? Array.from(largest.descriptor, (n) => Math.round(n * 1e5) / 1e5) : null };
  } finally {
    input.dispose();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The pool's task: every picture of one check, read in order. */
export default async function readPictures(tasks: readonly PictureTask[]): Promise<PictureReading[]> {
  ready ??= load().catch((err: unknown) => {
    ready = null;
    throw err;
  });
  const api = await ready;
  const readings: PictureReading[] = [];
  for (const task of tasks) readings.push(await read(api, task));
  return readings;
}
