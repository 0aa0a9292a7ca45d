import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import { RetCode } from '../../../shared/ret-codes.ts';
import { BusinessError } from '../../errors.ts';
import type { PictureReading, PictureTask } from './face-worker.ts';

export type { PictureReading, PictureTask } from './face-worker.ts';

/** The installed version of a package (what actually ran, not what package.json asked for). */
function versionOf(name: string): string {
  const file = createRequire(import.meta.url).resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * The model the server reads faces with (decision 039): named in every stored result, so a reviewer
 * (and an auditor, later) knows which model and version produced a score.
 */
export const FACE_MODEL_NAME = `@vladmandic/face-api ${versionOf('@vladmandic/face-api')} (tiny_face_detector, face_landmark_68, face_recognition; tfjs-wasm ${versionOf('@tensorflow/tfjs-backend-wasm')})`;

export interface FaceServiceOptions {
  /** Threads reading faces at once (each holds the models, about 60 MB). */
  threads?: number;
  /** Checks waiting for a thread beyond those running; more are refused (LIVENESS_BUSY). */
  queue?: number;
  /**
   * How much lower the face threads' CPU priority is than the server's (Linux nice, per thread): where
   * cores are short, a user's request on the event loop goes before a face check's arithmetic.
   */
  nice?: number;
}

/** One thread on a two-core machine leaves the other to the event loop; more where there are more cores. */
export const defaultFaceThreads = (): number => Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * The face model off the event loop (decision 039): a pool of worker threads (piscina) each running
 * face-api on TensorFlow.js's WebAssembly backend. A check is one task (all its pictures), so one
 * user's pictures stay together and checks are served in arrival order. The queue is bounded: when
 * `threads + queue` checks are in the pool a new one is refused at once with LIVENESS_BUSY (the user
 * is asked to try again shortly) instead of waiting without end. Threads start on the first check
 * (or `warm()`), and the pool ends with the app (`close()`).
 */
export function createFaceService({ threads = defaultFaceThreads(), queue = 8, nice = 19 }: FaceServiceOptions = {}) {
  let pool: Piscina<readonly PictureTask[], PictureReading[]> | null = null;
  let inPool = 0;
  // Tasks in the pool, so close() can let them answer first.
  const running = new Set<Promise<unknown>>();
  const track = <T>(task: Promise<T>): Promise<T> => {
    running.add(task);
    void task.finally(() => running.delete(task)).catch(() => undefined);
    return task;
  };
  const poolOf = () =>
    (pool ??= new Piscina({
      filename: new URL('./face-worker.ts', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      maxQueue: queue,
      niceIncrement: nice,
      // Each thread keeps its models loaded: starting one costs about a second.
      idleTimeout: 10 * 60_000,
    }));
  return {
    model: FACE_MODEL_NAME,
    /** Reads every picture of one check in a worker thread; refuses at once when the pool is full. */
    async read(tasks: readonly PictureTask[]): Promise<PictureReading[]> {
      if (inPool >= threads + queue) throw new BusinessError(RetCode.LIVENESS_BUSY, 'face checks are busy');
      inPool += 1;
      try {
        return await track(poolOf().run(tasks));
      } finally {
        inPool -= 1;
      }
    },
    /** Starts the threads and loads the models before the first user needs them (the production start). */
    async warm(): Promise<void> {
      await track(poolOf().run([]));
    },
    /**
     * Ends the threads (the app's close), once the tasks under way have answered: a pool destroyed
     * under a running task (the start's warm-up, not awaited) threw "Unexpected message from Worker".
     */
    async close(): Promise<void> {
      await Promise.allSettled([...running]);
      const p = pool;
      pool = null;
      await p?.destroy();
    },
  };
}

export type FaceService = ReturnType<typeof createFaceService>;

export { createFaceMatchService, PairMissing, type FaceMatchService } from './face-match.service.ts';
export { faceMatchPersonalData } from './personal-data.ts';
