import { z } from 'zod';
import { ScreeningEngineKind } from '../shared/api/screening.ts';

export { ScreeningEngineKind } from '../shared/api/screening.ts';

/**
 * The screening engine (docs/decisions/043), read from the environment by config.ts only: the
 * in-house index (decision 038, the default) or OpenSanctions' yente over HTTP.
 */
export const screeningEnvSchema = {
  /** Screening (decision 038): threads matching names against the list (each holds the list's index); 0: on the server's own thread. */
  SCREENING_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /** Screening (decision 054): how much lower the matching threads' CPU priority is (Linux nice, per thread), so a list's index build and the re-screening yield to users' requests. */
  SCREENING_NICE: z.coerce.number().int().min(0).max(19).default(19),
  /** Screening (decision 044): how often a server checks for verified users still to screen against the list in use (a load by the CLI is noticed this way); 0: never on this server. */
  SCREENING_RESCREEN_INTERVAL_SECONDS: z.coerce.number().min(0).default(5),
  /** Screening (decision 044): at most this share of the time goes to the background re-screening (it pauses after each user for the rest); 1: no pause. */
  SCREENING_RESCREEN_SHARE: z.coerce.number().min(0.05).max(1).default(0.5),
  /** Which engine screens names (decision 043): `inhouse` (the list loaded here) or `yente` (the list lives in yente). */
  SCREENING_ENGINE: z.enum(ScreeningEngineKind).default('inhouse'),
  /** yente's base address (its /match and /catalog are under it), e.g. http://yente:8000. */
  YENTE_URL: z
    .url({ protocol: /^https?$/, error: 'YENTE_URL must be an http(s) URL' })
    .refine((v) => !new URL(v).search && !new URL(v).hash, 'YENTE_URL takes no query or fragment')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** The dataset (or collection) matched against: yente's /match/{dataset}. */
  YENTE_DATASET: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/, 'YENTE_DATASET must be a dataset name (lower-case letters, digits, _)').default('default'),
  /** Sent as `Authorization: ApiKey …` (OpenSanctions' hosted API; a self-hosted yente needs none). */
  YENTE_API_KEY: z.string().trim().min(1).optional(),
  /** yente's `threshold` (0–1): a result at or above it is a match (yente's own default is 0.7). */
  YENTE_THRESHOLD: z.coerce.number().gt(0).max(1).default(0.7),
  /** yente's `algorithm` (e.g. logic-v1); unset: the yente server's default. */
  YENTE_ALGORITHM: z.string().regex(/^[a-z0-9-]{1,40}$/, 'YENTE_ALGORITHM must be an algorithm name such as logic-v1').optional(),
  /** One call's time limit. */
  YENTE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How often /catalog is read: a new version of the dataset re-screens every verified user. */
  YENTE_CATALOG_REFRESH_MINUTES: z.coerce.number().int().min(1).default(15),
};

type ScreeningEnv = z.output<z.ZodObject<typeof screeningEnvSchema>>;

export interface YenteConfig {
  /** null only in demo mode, until the local fake stands in (start.ts). */
  url: string | null;
  dataset: string;
  apiKey: string | null;
  threshold: number;
  algorithm: string | null;
  timeoutMs: number;
  catalogRefreshMs: number;
}

export interface ScreeningConfig {
  workers: number;
  /** Decision 054: the matching threads' nice increment (0: the server's priority). */
  nice: number;
  /** Decision 044: the background re-screening's pass interval (0: never on this server) and its share of the time. */
  rescreenIntervalMs: number;
  rescreenShare: number;
  engine: ScreeningEngineKind;
  /** Set when the engine is yente. */
  yente: YenteConfig | null;
}

/** The engine's settings; yente without YENTE_URL is refused unless demo mode brings its local fake. */
export function screeningConfigOf(e: ScreeningEnv, { demo }: { demo: boolean }): ScreeningConfig {
  const rescreen = { rescreenIntervalMs: e.SCREENING_RESCREEN_INTERVAL_SECONDS * 1000, rescreenShare: e.SCREENING_RESCREEN_SHARE };
  if (e.SCREENING_ENGINE !== 'yente') return { workers: e.SCREENING_WORKERS, nice: e.SCREENING_NICE, ...rescreen, engine: e.SCREENING_ENGINE, yente: null };
  if (!e.YENTE_URL && !demo) throw new Error('Invalid configuration: YENTE_URL: required with SCREENING_ENGINE=yente (e.g. http://yente:8000)');
  return {
    workers: e.SCREENING_WORKERS,
    nice: e.SCREENING_NICE,
    ...rescreen,
    engine: e.SCREENING_ENGINE,
    yente: {
      url: e.YENTE_URL ?? null,
      dataset: e.YENTE_DATASET,
      apiKey: e.YENTE_API_KEY ?? null,
      threshold: e.YENTE_THRESHOLD,
      algorithm: e.YENTE_ALGORITHM ?? null,
      timeoutMs: e.YENTE_TIMEOUT_MS,
      catalogRefreshMs: e.YENTE_CATALOG_REFRESH_MINUTES * 60_000,
    },
  };
}
