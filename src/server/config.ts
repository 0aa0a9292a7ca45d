import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { Provider, VerifiableLevels } from '../shared/kyc.ts';
import { vendorEnvSchema, vendorsConfigOf } from './vendor-config.ts';
import { captureConfigOf, captureEnvSchema } from './capture-config.ts';
import { limitsConfigOf, limitsEnvSchema } from './limits-config.ts';
import { documentStoreConfigOf, documentStoreEnvSchema } from './document-store-config.ts';
import { screeningConfigOf, screeningEnvSchema } from './screening-config.ts';
import { RejectMode } from '../shared/review-reasons.ts';
import { DecisionOutcome, SubjectKind } from '../shared/review.ts';

/** Where translation prefixes and some defaults come from (§7: testnet- and test- file prefixes). */
export const AppEnv = { PRODUCTION: 'production', TESTNET: 'testnet', TEST: 'test' } as const;
export type AppEnv = (typeof AppEnv)[keyof typeof AppEnv];

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const list = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));

/** A path on this site: starts with one slash (never `//host`), no backslashes or spaces. */
const sitePath = z.string().regex(/^\/(?![/\\])[^\s\\]*$/, 'must be a path starting with /');
/** A path, or an absolute http(s) URL. */
const siteLink = z.union([sitePath, z.string().regex(/^https?:\/\/[^\s\\]+$/, 'must be a path or an http(s) URL')]);

/** A 32-byte key in base64 (`openssl rand -base64 32`). */
const base64Key = z
  .string()
  .trim()
  .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64');

/** A proxy-addr entry: one of its range names, or an IP address with an optional CIDR prefix. */
function isProxyAddress(entry: string): boolean {
  if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * One rule of FOUR_EYES_RULES (decision 018): decisions it matches are proposed by one reviewer and
 * confirmed by another (a senior reviewer). What a rule leaves out matches anything.
 */
const fourEyesRule = z.strictObject({
  kinds: z.array(z.enum(SubjectKind)).min(1).optional(),
  outcome: z.enum(DecisionOutcome),
  modes: z.array(z.enum(RejectMode)).min(1).optional(),
  levels: z.array(z.union(VerifiableLevels.map((l) => z.literal(l)))).min(1).optional(),
});
export type FourEyesRule = z.output<typeof fourEyesRule>;

/** Parses a JSON environment value, then checks it with `schema`. */
const jsonOf = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/**
 * One routing rule of KYC_PROVIDER_ROUTES: either one `provider`, or a `split` dividing the rule's
 * users between providers by percentage (A/B between vendors; the percentages add up to 100).
 */
const providerRoute = z
  .strictObject({
    provider: z.enum(Provider).optional(),
    split: z
      .array(z.strictObject({ provider: z.enum(Provider), percent: z.number().int().min(1).max(100) }))
      .min(1)
      .refine((s) => s.reduce((sum, p) => sum + p.percent, 0) === 100, 'percentages must add up to 100')
      .optional(),
    sites: z.array(z.enum(['MAIN', 'HKG', 'ARE'])).min(1).optional(),
    countries: z.array(z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 codes')).min(1).optional(),
    levels: z.array(z.union(VerifiableLevels.map((l) => z.literal(l)))).min(1).optional(),
  })
  .refine((r) => (r.provider === undefined) !== (r.split === undefined), 'a rule names either provider or split');
const providerRoutes = z.array(providerRoute).min(1, 'at least one rule');
export type ProviderRoute = z.output<typeof providerRoute>;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('data'),
  /** postgres://… selects PostgreSQL; otherwise the embedded SQLite file in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  /**
   * With DATABASE_URL: each server prepares its statements once per connection (db/pg-prepared.ts).
   * `false` behind a connection pooler in transaction mode, which cannot keep them.
   */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines on a terminal, JSON lines otherwise (files, pipes, log collectors). */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  APP_ENV: z.enum(['production', 'testnet', 'test']).default('production'),
  WEB_DIST: z.string().default('dist/web'),
  LOCALES_DIR: z.string().default('locales'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  /**
   * scrypt's N for new password hashes: a power of two from 2^15 (OWASP's baseline, the least
   * accepted) to 2^18; 128 * N * 8 bytes of memory per hash. Older hashes keep their own N.
   */
  PASSWORD_HASH_N: z.coerce
    .number()
    .int()
    .refine((n) => n >= 2 ** 15 && n <= 2 ** 18 && (n & (n - 1)) === 0, 'a power of two from 32768 to 262144')
    .default(2 ** 15),
  /** Reviewers can read every identity document: their sessions end sooner (a working day). */
  REVIEWER_SESSION_TTL_HOURS: z.coerce.number().positive().default(8),
  /**
   * Behind TLS-terminating proxies, which of them to believe for X-Forwarded-* (client IP, https):
   * `false` (none), `true` (proxies on loopback and private networks: `loopback, linklocal,
   * uniquelocal`), or a comma-separated list of proxy addresses/CIDRs (those names allowed). The
   * client is the first address, from the right, that is not a trusted proxy. Never "every hop": a
   * client could then choose its own IP and escape every per-IP limit.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): false | string[] => {
      const t = v.trim().toLowerCase();
      if (t === 'false' || t === '0' || t === 'no' || t === '') return false;
      if (t === 'true' || t === 'yes' || t === '1') return ['loopback', 'linklocal', 'uniquelocal'];
      const list = v.split(',').map((s) => s.trim()).filter(Boolean);
      if (list.every(isProxyAddress)) return list;
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be false, true, or proxy addresses/CIDRs' });
      return z.NEVER;
    }),
  /** Extra origins allowed to send state-changing requests (besides the server's own origin). */
  ALLOWED_ORIGINS: list.default([]),
  /** Origins the SDK flow may send users back to (extraParams.redirect_url), §2 jump-back. */
  REDIRECT_ALLOWLIST: list.default([]),
  /** §2 site URLs: subdomain of the help centre / public site, e.g. `www` -> https://www.<last two labels of the host>/<lang>/… */
  SITE_SUBDOMAIN: z.string().regex(/^([a-z0-9-]+(\.[a-z0-9-]+)*)?$/i, 'SITE_SUBDOMAIN must be a DNS label').default('www'),
  /** Host whose last two labels form the site domain; default: the host each request came to. */
  SITE_HOST: z.string().regex(/^[a-z0-9.-]+$/i, 'SITE_HOST must be a hostname').optional(),
  /** §2 help-centre links: a path (built with the site URL rule) or an absolute http(s) URL (used as is). */
  HELP_IDENTITY_TRANSFER_URL: siteLink.default('/user/accounts/help/identity-transfer'),
  HELP_WEB_FORM_URL: siteLink.default('/user/accounts/help/request-form'),
  HELP_ARTICLE_URL: siteLink.default('/user/accounts/help'),
  HELP_FAQ_URL: siteLink.default('/user/accounts/help/faq'),
  HELP_GUIDE_URL: siteLink.default('/user/accounts/help/guide'),
  HELP_KYC_FAILURE_REASONS_URL: siteLink.default('/user/accounts/help/failure-reasons'),
  /** The exchange's app download page (issue 27): where the Turkey region's re-verification sends users. Unset: no link. */
  APP_DOWNLOAD_URL: z.string().regex(/^https?:\/\/[^\s\\]+$/, 'must be an http(s) URL').optional(),
  /** §2 jump-back landing pages (paths on this site). */
  JUMP_BACK_DEFAULT_PATH: sitePath.default('/user/accounts/auth/personal'),
  JUMP_BACK_SDK_PATH: sitePath.default('/user/accounts/auth/sdk'),
  /** Who may frame the app (Telegram web client, the exchange's own pages). */
  FRAME_ANCESTORS: list.default(["'self'", 'https://web.telegram.org']),
  /** §4: whether KYC is opened on this deployment; when false every member sees both steps NOT_ALLOW. */
  KYC_OPENED: bool.default(true),
  /**
   * Which verification provider a user gets (docs/decisions/014): a JSON list of rules, the first
   * that matches wins. A rule may name `sites` (HKG, ARE or MAIN: the region of the host), `countries`
   * (ISO codes of the user's residence) and `levels`; what it leaves out matches anything. Every
   * provider named must be implemented on this server (startup fails otherwise).
   */
  KYC_PROVIDER_ROUTES: z
    .string()
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(providerRoutes)
    .default([{ provider: Provider.PROVIDER_DEFAULT }]),
  /**
   * Demo mode (docs/decisions/035): the demo users with their published passwords, the vendor fakes
   * and their demo routing, the partner demo page and business, every published secret. Default: on
   * only for a laptop — listening on loopback alone, embedded database, no https PUBLIC_URL. Anything
   * else needs DEMO=true, and then every start says so in a banner.
   */
  DEMO: bool.optional(),
  /** Failed logins for one account from one IP before that pair's attempts are delayed. */
  LOGIN_FREE_FAILURES: z.coerce.number().int().positive().default(5),
  /** Failed logins for one account from IPs that never signed in to it, before those are delayed. */
  LOGIN_FREE_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(20),
  /** Failed logins from one IP (any accounts) before its attempts are delayed; also sign-ups per IP per window. */
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(30),
  /** Failures are forgotten after this long without one; the sign-up window. */
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** The longest delay between attempts (delays start at 1 s and double per failure). */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(900),
  /** Global per-IP request budget per minute (HTTP 429 beyond it). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Client error reports (POST /v1/public/monitoring/report) per IP per minute (HTTP 429 beyond it). */
  MONITORING_REPORTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  /**
   * A connection on which nothing arrives for this long in the middle of a request is closed (a
   * stalled or abandoned upload must not hold it for ever). Slow uploads still send bytes.
   */
  IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  /**
   * Base64 32-byte master key that wraps per-document keys, the same on every server. Required with
   * DATABASE_URL; only the embedded (one-server) setup may generate one into DATA_DIR instead.
   */
  DATA_ENCRYPTION_KEY: base64Key.optional(),
  /** Rotation: former master keys (base64, comma-separated), only to unwrap until re-wrapped. */
  DATA_ENCRYPTION_KEYS_PREVIOUS: z.string().transform((v, ctx) => {
    const keys = v.split(',').map((s) => s.trim()).filter(Boolean);
    for (const k of keys) if (!base64Key.safeParse(k).success) ctx.addIssue({ code: 'custom', message: 'each key must be 32 bytes in base64' });
    return keys;
  }).default([]),
  /** Document uploads per user per hour (each is decoded and re-encoded: CPU-heavy). */
  UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(30),
  ...documentStoreEnvSchema,
  /** Issue 11: how long a failed knowledge test waits before a new attempt (decision 020). */
  QUESTIONNAIRE_COOLING_OFF_SECONDS: z.coerce.number().int().nonnegative().default(86_400),
  ...vendorEnvSchema,
  ...captureEnvSchema,
  ...limitsEnvSchema,
  /** Four-eyes decisions (decision 018): level-2 approvals, EDD approvals (decision 028) and every FINAL rejection unless set; `[]`: none. */
  FOUR_EYES_RULES: jsonOf(z.array(fourEyesRule)).default([
    { outcome: 'APPROVE', levels: [2] },
    // Decision 028: accepting a higher-risk client after enhanced due diligence takes a second (senior) reviewer.
    { outcome: 'APPROVE', kinds: ['EDD'] },
    { outcome: 'REJECT', modes: ['FINAL'] },
  ]),
  /** Retention (decision 018): a customer's verification data, this many years after the account closes. */
  RETENTION_CUSTOMER_YEARS: z.coerce.number().int().min(0).default(5),
  /** Retention: an applicant never approved, this many months after the last rejection. */
  RETENTION_REJECTED_MONTHS: z.coerce.number().int().min(0).default(6),
  ...screeningEnvSchema,
  /** How often the retention job runs (one server runs it at a time); 0: never on this server. */
  RETENTION_JOB_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  /** smtp:// or smtps:// (user and password in the URL): mail leaves through this server; unset: the local outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  /** The sender of every message. */
  MAIL_FROM: z.string().min(3).default('User accounts <no-reply@localhost>'),
  /** Without SMTP_URL, each message is written here as an .eml file (default DATA_DIR/outbox). */
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  /** Webhooks (decision 050): allow endpoints on private, loopback and link-local addresses (internal receivers); off: refused (SSRF). Default: on in demo mode only (the partner demo's own receiver is on loopback, decision 056). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: bool.optional(),
  /** One delivery attempt's time limit. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(30).default(10),
  /** How often a server relays the outbox to the webhook endpoints (each delivery is sent by one server); 0: never on this server. */
  WEBHOOK_RELAY_INTERVAL_SECONDS: z.coerce.number().min(0).default(1),
  /** Decision 066: the relay in a worker thread with a database pool of its own (PostgreSQL only). Default: on with DATABASE_URL. */
  WEBHOOK_RELAY_THREAD: bool.optional(),
  /** Decision 066: how much lower the relay thread's CPU priority is than the server's (Linux nice, 0–19); at 19 also the idle scheduling class (decision 074). */
  WEBHOOK_RELAY_NICE: z.coerce.number().int().min(0).max(19).default(19),
  /** How often a server runs the limitation sweep (decision 061: overdue tasks, limitation changes as events); 0: never on this server. */
  LIMITATION_SWEEP_INTERVAL_SECONDS: z.coerce.number().min(0).default(60),
  /** Outbox events older than this many days, passed by every enabled endpoint's cursor, are deleted by the same job; 0: kept for ever. */
  EVENTS_RETENTION_DAYS: z.coerce.number().int().min(0).default(30),
  /**
   * How often a server runs the modules' reactions to events (decision 057: EDD assessment, screening,
   * e-mails; each subscriber taken by one server at a time); 0: never on this server (some other must).
   */
  EVENT_SUBSCRIBERS_INTERVAL_SECONDS: z.coerce.number().min(0).default(1),
});

export type Config = ReturnType<typeof loadConfig>;

/** Whether a HOST to listen on reaches this machine only (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^::ffff:127\./.test(h) || /^(0{1,4}:){7}0{0,3}1$/.test(h);
  return false;
}

/** Settings replaced by DEMO: a deployment that still sets them is told, never silently reinterpreted. */
const REPLACED_BY_DEMO = ['SEED_DEMO', 'VENDOR_FAKES'] as const;

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
  const replaced = REPLACED_BY_DEMO.filter((name) => env[name] !== undefined);
  if (replaced.length > 0) {
    throw new Error(`Invalid configuration: ${replaced.join(', ')} ${replaced.length > 1 ? 'are' : 'is'} replaced by DEMO (true: demo users, vendor fakes, partner demo; false: none of them). Remove ${replaced.length > 1 ? 'them' : 'it'} and set DEMO if the default does not fit.`);
  }
  // Demo only where nobody else can reach it: the README's quick start on a laptop.
  const demo = e.DEMO ?? (isLoopbackHost(e.HOST) && !e.DATABASE_URL && !e.PUBLIC_URL?.startsWith('https:'));
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.DATABASE_URL && !e.DATA_ENCRYPTION_KEY) {
    // Servers of one database must all unwrap every document's key: a key generated into one
    // server's DATA_DIR would make the others answer "document unavailable" (decision 024).
    throw new Error(
      `Invalid configuration: DATA_ENCRYPTION_KEY is required with DATABASE_URL (the same key on every server; \`openssl rand -base64 32\`). ` +
        `A server that so far used a generated key file: set DATA_ENCRYPTION_KEY to the content of ${path.join(dataDir, 'keys', 'master.key')}, ` +
        'or set a new key, list the file\'s content in DATA_ENCRYPTION_KEYS_PREVIOUS and run `npm run rewrap-keys`.',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL, preparedStatements: e.DATABASE_PREPARED_STATEMENTS } as const)
      : ({ kind: 'sqlite', file: path.join(dataDir, 'user-accounts.sqlite') } as const),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    appEnv: e.APP_ENV as AppEnv,
    webDist: path.resolve(e.WEB_DIST),
    localesDir: path.resolve(e.LOCALES_DIR),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    /** scrypt's N for new password hashes (PASSWORD_HASH_N; accounts/passwords.ts has r and p). */
    passwordHashN: e.PASSWORD_HASH_N,
    reviewerSessionTtlMs: e.REVIEWER_SESSION_TTL_HOURS * 3600_000,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    redirectAllowlist: e.REDIRECT_ALLOWLIST,
    site: {
      subdomain: e.SITE_SUBDOMAIN,
      host: e.SITE_HOST,
      helpLinks: {
        identityTransfer: e.HELP_IDENTITY_TRANSFER_URL,
        webForm: e.HELP_WEB_FORM_URL,
        articleDetails: e.HELP_ARTICLE_URL,
        faq: e.HELP_FAQ_URL,
        guide: e.HELP_GUIDE_URL,
        kycFailureReasons: e.HELP_KYC_FAILURE_REASONS_URL,
      },
      appDownloadUrl: e.APP_DOWNLOAD_URL ?? null,
      jumpBackDefaultPath: e.JUMP_BACK_DEFAULT_PATH,
      jumpBackSdkPath: e.JUMP_BACK_SDK_PATH,
    },
    frameAncestors: e.FRAME_ANCESTORS,
    kycOpened: e.KYC_OPENED,
    providerRoutes: e.KYC_PROVIDER_ROUTES as ProviderRoute[],
    /** Whether KYC_PROVIDER_ROUTES was set (otherwise the vendor fakes may bring the demo routing). */
    providerRoutesExplicit: env.KYC_PROVIDER_ROUTES !== undefined,
    /** Demo mode (DEMO): demo users, vendor fakes, partner demo, published secrets. */
    demo,
    /** Whether DEMO was set (the readiness check tells a default from a choice). */
    demoExplicit: e.DEMO !== undefined,
    login: {
      freeFailuresPerAccountIp: e.LOGIN_FREE_FAILURES,
      freeFailuresPerAccount: e.LOGIN_FREE_FAILURES_PER_ACCOUNT,
      maxAttemptsPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      maxDelayMs: e.LOGIN_MAX_DELAY_SECONDS * 1000,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    monitoringReportsPerMinute: e.MONITORING_REPORTS_PER_MINUTE,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    idleTimeoutMs: e.IDLE_TIMEOUT_SECONDS * 1000,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    previousEncryptionKeys: e.DATA_ENCRYPTION_KEYS_PREVIOUS,
    uploadsPerHour: e.UPLOADS_PER_HOUR,
    documentStore: documentStoreConfigOf(e.DOCUMENT_STORE_URL, { dataDir, sharedDatabase: Boolean(e.DATABASE_URL) }),
    questionnaireCoolingOffSeconds: e.QUESTIONNAIRE_COOLING_OFF_SECONDS,
    vendors: vendorsConfigOf(e, { demo }),
    capture: captureConfigOf(e),
    limits: limitsConfigOf(e),
    fourEyes: e.FOUR_EYES_RULES as FourEyesRule[],
    retention: {
      customerYears: e.RETENTION_CUSTOMER_YEARS,
      rejectedMonths: e.RETENTION_REJECTED_MONTHS,
      jobIntervalMs: e.RETENTION_JOB_INTERVAL_MINUTES * 60_000,
    },
    screening: screeningConfigOf(e, { demo }),
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES ?? demo, timeoutMs: Math.round(e.WEBHOOK_TIMEOUT_SECONDS * 1000), relayIntervalMs: Math.round(e.WEBHOOK_RELAY_INTERVAL_SECONDS * 1000), subscriberIntervalMs: Math.round(e.EVENT_SUBSCRIBERS_INTERVAL_SECONDS * 1000), relayThread: (e.WEBHOOK_RELAY_THREAD ?? Boolean(e.DATABASE_URL)) && Boolean(e.DATABASE_URL), relayNice: e.WEBHOOK_RELAY_NICE },
    limitationSweep: { intervalMs: Math.round(e.LIMITATION_SWEEP_INTERVAL_SECONDS * 1000), eventsRetentionDays: e.EVENTS_RETENTION_DAYS },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')) },
  };
}

/** For tests and tools: a valid config with overrides. */
export function configWith(overrides: Partial<Config>, env: Record<string, string | undefined> = {}): Config {
  return { ...loadConfig(env), ...overrides };
}
