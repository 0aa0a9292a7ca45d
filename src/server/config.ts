import path from 'node:path';
import { z } from 'zod';

/** Where translation prefixes and some defaults come from (§7: testnet- and test- file prefixes). */
export const AppEnv = { PRODUCTION: 'production', TESTNET: 'testnet', TEST: 'test' } as const;
export type AppEnv = (typeof AppEnv)[keyof typeof AppEnv];

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const list = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('data'),
  /** postgres://… selects PostgreSQL; otherwise the embedded SQLite file in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_ENV: z.enum(['production', 'testnet', 'test']).default('production'),
  WEB_DIST: z.string().default('dist/web'),
  LOCALES_DIR: z.string().default('locales'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  /** Behind a TLS-terminating proxy, trust its X-Forwarded-* headers (cookie Secure, client IP). */
  TRUST_PROXY: bool.default(false),
  /** Extra origins allowed to send state-changing requests (besides the server's own origin). */
  ALLOWED_ORIGINS: list.default([]),
  /** Origins the SDK flow may send users back to (extraParams.redirect_url), §2 jump-back. */
  REDIRECT_ALLOWLIST: list.default([]),
  /** Who may frame the app (Telegram web client, the exchange's own pages). */
  FRAME_ANCESTORS: list.default(["'self'", 'https://web.telegram.org']),
  /** Create the demo users when the database is new. */
  SEED_DEMO: bool.default(true),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Global per-IP request budget per minute (HTTP 429 beyond it). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  /** Base64 32-byte key that wraps per-document keys; generated into DATA_DIR when absent. */
  DATA_ENCRYPTION_KEY: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

/**
 * The only reader of process.env. Throws with every problem listed when the environment is invalid,
 * so a misconfigured server never starts half-working.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
      : ({ kind: 'sqlite', file: path.join(dataDir, 'user-accounts.sqlite') } as const),
    logLevel: e.LOG_LEVEL,
    appEnv: e.APP_ENV as AppEnv,
    webDist: path.resolve(e.WEB_DIST),
    localesDir: path.resolve(e.LOCALES_DIR),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    redirectAllowlist: e.REDIRECT_ALLOWLIST,
    frameAncestors: e.FRAME_ANCESTORS,
    seedDemo: e.SEED_DEMO,
    login: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxAttemptsPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
  };
}

/** For tests and tools: a valid config with overrides. */
export function configWith(overrides: Partial<Config>, env: Record<string, string | undefined> = {}): Config {
  return { ...loadConfig(env), ...overrides };
}
