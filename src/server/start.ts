import type { AddressInfo } from 'node:net';
import { APP_BASE, LOGIN_PAGE } from '../shared/api/paths.ts';
import { buildApp, type App, type BuildOptions } from './app.ts';
import { isLoopbackHost, type Config } from './config.ts';
import { logStreamFor } from './log-format.ts';
import { DEMO_USERS } from './seed.ts';
import { startVendorFakes } from './modules/providers/providers.service.ts';
import { startDemoYente } from './demo/screening-demo.ts';
import { checkReadiness, hasBlocker, readinessFacts } from './readiness.ts';

export interface RunningServer {
  app: App;
  /** `http://host:port` as the server listens (the real port when config.port is 0). */
  origin: string;
  /** Closes the server and forgets the signal handlers (tests; a process just gets a signal). */
  stop: () => Promise<void>;
}

/**
 * Builds the app and serves it: listen, an hourly sweep of expired sessions, graceful shutdown on
 * SIGINT/SIGTERM, and the start banner. Used by `npm start` (main.ts: no options, the production
 * server) and by the browser tests' server (e2e/support/server.ts: the test-faults plugin), so both
 * run the same start-up and differ only in what the caller registers.
 */
export async function startServer(config: Config, options: BuildOptions = {}, { autoReviewMs = 4000 }: { autoReviewMs?: number | null } = {}): Promise<RunningServer> {
  // Readable lines on a terminal, JSON otherwise (LOG_FORMAT, decision 013).
  const logStream = options.logStream ?? logStreamFor(config.logFormat);
  // Demo mode only (decision 035): vendors without credentials are served by their local fakes (decision 016).
  const fakes = config.demo ? await startVendorFakes(config, { autoReviewMs, explicitRoutes: config.providerRoutesExplicit }) : null;
  // Demo mode with SCREENING_ENGINE=yente and no YENTE_URL: yente's local fake with the sample list (decision 043).
  const yente = config.demo ? await startDemoYente(fakes?.config ?? config) : null;
  const app = await buildApp(yente?.config ?? fakes?.config ?? config, logStream ? { ...options, logStream } : options);
  if (fakes) app.addHook('onClose', () => fakes.close());
  if (yente) app.addHook('onClose', () => yente.fake.close());

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  const onSigint = () => void shutdown('SIGINT');
  const onSigterm = () => void shutdown('SIGTERM');
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigterm);

  // Expired sessions are refused at lookup; this only keeps the table small.
  const sweep = setInterval(() => void app.services.accounts.deleteExpiredSessions().catch((err) => app.log.error({ err }, 'session sweep failed')), 3600_000);
  sweep.unref();

  // The production readiness check (npm run doctor), logged at every start.
  const readiness = checkReadiness(config, await readinessFacts(app.services.staff));
  const summary = { blockers: readiness.filter((i) => i.severity === 'blocker').map((i) => i.id), warnings: readiness.filter((i) => i.severity === 'warning').map((i) => i.id) };
  if (readiness.length === 0) app.log.info('production readiness: no blocker, no warning');
  // In demo mode the blockers are expected (a laptop): one line; otherwise each item with its fix.
  else if (config.demo) app.log.info(summary, 'production readiness: not for real users (demo mode); `npm run doctor` lists what to do');
  else {
    for (const item of readiness) app.log.warn({ check: item.id, fix: item.fix }, `production readiness ${item.severity}: ${item.problem}`);
    app.log[hasBlocker(readiness) ? 'error' : 'warn'](summary, 'production readiness: `npm run doctor` lists what to do');
  }

  // The face threads load their models now rather than on the first user's liveness check (decision 039).
  void app.services.face.warm().catch((err: unknown) => app.log.error({ err }, 'face model did not start'));
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const origin = `http://${shownHost}:${port}`;
  fakes?.setWebhookBase(config.vendors.publicUrl ?? `http://127.0.0.1:${port}`);
  console.log(`\n  Account area: ${origin}${APP_BASE}/\n  Login page:   ${origin}${LOGIN_PAGE}`);
  if (config.demo) {
    console.log('  Demo mode (DEMO): demo logins (created on a new database):');
    for (const u of DEMO_USERS) console.log(`    ${u.email} / ${u.password}  (${u.note})`);
    for (const line of fakes?.describe() ?? []) console.log(`  Vendor stand-in: ${line} (no credentials configured)`);
    if (yente) console.log(`  Screening stand-in: yente (local fake, the sample list) ${yente.fake.origin} (no YENTE_URL configured)`);
    console.log('  These passwords and the demo secrets are published. Before real users: `npm run doctor` (README, "Run in production").');
  }
  if (config.demo && !isLoopbackHost(config.host)) {
    // Explicitly asked for (the default is off here): said at every start, on screen and in the log.
    const banner = [
      '  ############################################################################',
      `  #  DEMO MODE on ${config.host}: reachable from other machines.`,
      '  #  Demo accounts with published passwords, vendor fakes, the partner demo page',
      '  #  and published webhook secrets are live. Never let real users near it.',
      '  #  Remove DEMO=true to turn it off.',
      '  ############################################################################',
    ];
    console.log(`\n${banner.join('\n')}`);
    app.log.warn({ host: config.host }, 'DEMO MODE on a non-loopback address: published passwords and secrets are live');
  }
  console.log('');

  return {
    app,
    origin,
    stop: async () => {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
      clearInterval(sweep);
      await app.close();
    },
  };
}
