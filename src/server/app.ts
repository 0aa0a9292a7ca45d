import { transferRoutes } from './modules/transfer/transfer.routes.ts';
import { riskRoutes } from './modules/risk/risk.routes.ts';
import { reasonTemplatesRoutes } from './modules/reason-templates/reason-templates.routes.ts';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyPluginAsync, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../shared/api/paths.ts';
import type { Config } from './config.ts';
import { createDb, migrate, type Db } from './db/index.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { consoleRoutes } from './modules/console/console.routes.ts';
import { countriesRoutes } from './modules/countries/countries.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { questionnairesRoutes } from './modules/questionnaires/questionnaires.routes.ts';
import { eddRoutes } from './modules/edd/edd.routes.ts';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import faceModelsPlugin from './plugins/face-models.ts';
import { handoffRoutes } from './modules/handoff/handoff.routes.ts';
import { faceMatchRoutes } from './modules/face/face.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { reverificationRoutes } from './modules/reverification/reverification.routes.ts';
import { riskListsConsoleRoutes } from './modules/risk-lists/risk-lists.routes.ts';
import { screeningConsoleRoutes, screeningRoutes } from './modules/screening/screening.routes.ts';
import { limitsConsoleRoutes, limitsRoutes } from './modules/limits/limits.routes.ts';
import { complianceConsoleRoutes, complianceRoutes } from './modules/compliance/compliance.routes.ts';
import { developersPlugin, integrationRoutes, partnerDemoRoutes } from './modules/integration/integration.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { extrasRoutes } from './modules/extras/extras.routes.ts';
import { eventsFeedRoutes, exchangeEventsFeedRoutes, webhooksConsoleRoutes } from './modules/events/events.routes.ts';
import { hostRelay } from './modules/events/events.service.ts';
import authPlugin from './plugins/auth.ts';
import compressionPlugin from './plugins/compression.ts';
import csrfPlugin from './plugins/csrf.ts';
import envelopePlugin from './plugins/envelope.ts';
import securityPlugin from './plugins/security.ts';
import translationsPlugin from './plugins/translations.ts';
import webPlugin from './plugins/web.ts';
import { SUMSUB_DEMO_CREDENTIALS } from './modules/providers/providers.service.ts';
import { applyDemoMode } from './demo-mode.ts';
import { createServices } from './services.ts';
import { redactLog } from './log-redaction.ts';
import type { Mailer } from './mail/mailer.ts';
import { mailerFromConfig } from './mail/transports.ts';
import './types.ts';

export interface BuildOptions {
  /** Where log lines go (tests capture them); defaults to stdout. */
  logStream?: NodeJS.WritableStream;
  /** An already-open database (tests share setup); otherwise opened from config. */
  db?: Db;
  /**
   * Extra plugins, registered after auth and CSRF and before the routes, so their hooks see every
   * API request with its session: the tests' fault injection (plugins/test-faults.ts). Only test
   * entry points pass any; `npm start` (main.ts) passes none, so nothing for tests exists there.
   */
  plugins?: FastifyPluginAsync[];
  /** Where e-mail goes; default: SMTP_URL, else the outbox directory (mail/transports.ts). Tests pass a fake. */
  mailer?: Mailer;
}

export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: {
      // Only what is needed to trace a request; never bodies (passwords, documents).
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactLog(req.url), ip: req.ip }),
    },
    // Every line, whatever wrote it, passes the one redaction rule (log-redaction.ts) before it is written.
    hooks: { streamWrite: redactLog },
  };
}

/**
 * One log line per request, when its reply has been sent: the request (method, URL with secrets
 * redacted, IP), its status and time. Fastify writes two ("incoming request", then "request
 * completed"); each line is a JSON serialisation and a write, a measurable share of a small API
 * reply's CPU time (decision 034). A reply that fails while being sent is still "request errored".
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Builds the whole server without listening: config -> database (migrated) -> services -> plugins ->
 * routes. Tests call this and use `app.inject()`.
 */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify's default is no timeout: a client that stops sending mid-body would hold the socket.
    connectionTimeout: config.idleTimeoutMs,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  const db = options.db ?? createDb(config.database, (err) => app.log.error({ err }, 'database connection error'));
  await migrate(db);
  const services = createServices(db, config, { mailer: options.mailer ?? mailerFromConfig(config.mail, app.log), log: app.log });
  // A database without country risk lists gets the shipped FATF lists (decision 041): the EDD country rules read them.
  await services.riskLists.ensureLoaded();
  // LIMITS_FILE (decision 040): a changed file becomes the limits' next version; an invalid one stops the start.
  await services.limits.seedFromFile();

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    // The face threads end with the app (decision 039); none started unless a check ran. The face
    // match's runner first (decision 045): it may be waiting for a thread.
    await services.faceMatches.close();
    await services.face.close();
    if (!options.db) await db.destroy();
  });

  // JSON only: Fastify also parses text/plain by default, a "simple" content type that a cross-site
  // form or fetch can send without a preflight (decision 003).
  app.removeContentTypeParser('text/plain');
  await app.register(envelopePlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(authPlugin);
  await app.register(csrfPlugin);
  for (const plugin of options.plugins ?? []) await app.register(plugin);
  await app.register(translationsPlugin);
  await app.register(webPlugin);
  // The face detector's model files, from the installed package (decision 023).
  await app.register(faceModelsPlugin);
  // The integration reference for partners: OpenAPI from the routes' own schemas (decision 021);
  // before the routes, whose registration it records.
  await app.register(developersPlugin);

  await app.register(
    async (api) => {
      await api.register(accountsRoutes);
      await api.register(documentsRoutes);
      await api.register(kycRoutes);
      await api.register(reverificationRoutes);
      await api.register(questionnairesRoutes);
      await api.register(screeningRoutes);
      await api.register(screeningConsoleRoutes);
      await api.register(riskListsConsoleRoutes);
      await api.register(limitsRoutes);
      await api.register(limitsConsoleRoutes);
      await api.register(complianceRoutes);
      await api.register(complianceConsoleRoutes);
      await api.register(eddRoutes);
      await api.register(countriesRoutes);
      await api.register(consoleRoutes);
      await api.register(siteRoutes);
      await api.register(monitoringRoutes);
      await api.register(staffRoutes);
      await api.register(recordsRoutes);
      await api.register(integrationRoutes);
      await api.register(partnersRoutes);
      await api.register(handoffRoutes);
      await api.register(faceMatchRoutes);
      await api.register(extrasRoutes);
      await api.register(transferRoutes);
      await api.register(riskRoutes);
      await api.register(webhooksConsoleRoutes);
      await api.register(eventsFeedRoutes);
      await api.register(exchangeEventsFeedRoutes);
      await api.register(reasonTemplatesRoutes);
    },
    { prefix: API_PREFIX },
  );

  // Demo mode only (decision 035): the demo partner page with its published secret (decision 021).
  if (config.demo) await app.register(partnerDemoRoutes);

  // Demo users and the demo business in demo mode; without it, those of an earlier demo run disabled.
  // Also finishes a seeding that a crash interrupted (seed.ts): "only on a new database" would never retry it.
  // The Sumsub demo user is verified through the local fake only (its published demo App Token): never a real vendor.
  const sumsubFake = config.vendors.sumsub?.appToken === SUMSUB_DEMO_CREDENTIALS.appToken ? { sumsubWebhookSecret: config.vendors.sumsub.webhookSecret } : undefined;
  await applyDemoMode(services, db, { demo: config.demo, log: app.log, vendorDemo: sumsubFake });
  // The retention job (decision 018): every server schedules it, one at a time runs it (a lease).
  app.addHook('onReady', async () => services.records.retention.start());
  // Screening after commits (decision 038): due jobs are taken every second.
  app.addHook('onReady', async () => {
    services.screening.jobs.start();
    // The background re-screening after any list load (decision 044): a pass every few seconds.
    services.screening.rescreen.start();
  });
  // Decision 043: with yente, its catalog is read at start and then every YENTE_CATALOG_REFRESH_MINUTES;
  // a new version of the dataset re-screens the verified users in the background.
  if (config.screening.engine === 'yente') {
    app.addHook('onReady', async () => {
      services.screening.catalog.start();
      void services.screening.catalog.runDue().catch((err: unknown) => app.log.warn({ err }, 'screening: yente catalog not read; tried again later'));
    });
  }
  app.addHook('onClose', async () => services.screening.close());
  // The face match of uploaded selfies and document fronts (decision 045), before the face threads end.
  app.addHook('onReady', async () => services.faceMatches.jobs.start());
  app.addHook('onClose', async () => services.records.retention.stop());
  // The outbox's relay (decision 050): every server runs it; each delivery is taken by one (a lease).
  // On PostgreSQL in a thread of its own (decision 066): a user's request never waits behind a batch of deliveries.
  let relay: Awaited<ReturnType<typeof hostRelay>> | null = null;
  app.addHook('onReady', async () => {
    const { webhooks } = config;
    const onThread = webhooks.relayThread && webhooks.relayIntervalMs > 0 && config.database.kind === 'postgres';
    const thread = onThread ? { database: config.database, webhooks, dataEncryptionKey: config.dataEncryptionKey, previousEncryptionKeys: config.previousEncryptionKeys, dataDir: config.dataDir } : null;
    relay = await hostRelay({ thread, inProcess: services.events.relay, log: app.log });
  });
  app.addHook('onClose', async () => relay?.stop());
  // The modules' reactions to events (decision 057): every server runs them; each subscriber is taken by one (a lease).
  app.addHook('onReady', async () => services.events.subscribers.start());
  app.addHook('onClose', async () => services.events.close());
  // The limitation sweep (decision 061): every server runs it; compare-and-set writes publish each change once.
  app.addHook('onReady', async () => services.limitationSweep.start());
  app.addHook('onClose', async () => services.limitationSweep.stop());
  // Fiat rates from RATES_URL (decision 040): every server reads them on a timer; none without it.
  app.addHook('onReady', async () => services.limits.rates.start());
  app.addHook('onClose', async () => services.limits.rates.stop());
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
