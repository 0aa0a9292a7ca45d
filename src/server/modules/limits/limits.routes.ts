import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyRequest } from '../../../shared/api/console.ts';
import { consoleLimitsResult, consoleRatesResult, fiatRateResult, saveLimitsRequest, setRatesRequest } from '../../../shared/api/limits.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';

/** Limits and rates are settings of the deployment: administrators change them (decision 040), as the sanctions list. */
const administrator = { auth: 'reviewer', consoleRole: ConsoleRole.ADMINISTRATOR } as const;

/**
 * The signed-in user's fiat rate (decision 040): from US dollars to the profile's currency, with the
 * time the rate was published, or US dollars saying there is none. Reviewers are refused (a /private/ route).
 */
export const limitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limits, accounts } = app.services;
  app.get(ApiPath.fiatRate, { schema: { response: { 200: okEnvelope(fiatRateResult) } } }, async (request) => {
    const profile = await accounts.getProfile(request.auth!.id, request.auth!.changeStamps);
    return ok(await limits.rates.rateFor(profile.currency_code));
  });
};

/**
 * Console (decision 040): the withdrawal limits' versions (read, save a new one from the version one
 * started from) and the fiat rates (read, set). Every change is a new row and an audit entry.
 */
export const limitsConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limits } = app.services;
  app.get(ConsolePath.consoleLimits, { config: administrator, schema: { response: { 200: okEnvelope(consoleLimitsResult) } } }, async () => ok(await limits.consoleView()));
  app.put(ConsolePath.consoleLimits, { config: administrator, schema: { body: saveLimitsRequest, response: { 200: okEnvelope(consoleLimitsResult) } } }, async (request) =>
    ok(await limits.save(request.body, actorOf(request))),
  );
  app.get(ConsolePath.consoleRates, { config: administrator, schema: { response: { 200: okEnvelope(consoleRatesResult) } } }, async () => ok(await limits.rates.consoleView()));
  app.put(ConsolePath.consoleRates, { config: administrator, schema: { body: setRatesRequest, response: { 200: okEnvelope(consoleRatesResult) } } }, async (request) =>
    ok(await limits.rates.set(request.body, actorOf(request))),
  );
  // Read the feed now (an administrator who just fixed RATES_URL's source should not wait for the timer).
  app.post(ConsolePath.consoleRatesRefresh, { config: administrator, schema: { body: emptyRequest, response: { 200: okEnvelope(consoleRatesResult) } } }, async () => {
    await limits.rates.refresh();
    return ok(await limits.rates.consoleView());
  });
};
