import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MONITORING_REPORT_MAX_BYTES, monitoringReport } from '../../../shared/api/monitoring.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { emptyResult, okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';

/**
 * POST /v1/public/monitoring/report: public (errors happen before and after sign-in), validated by the
 * shared schema, at most 8 KB (413 beyond), and rate-limited per IP (429 beyond), so it cannot be used
 * to flood the logs.
 */
export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    ApiPath.monitoringReport,
    {
      bodyLimit: MONITORING_REPORT_MAX_BYTES,
      config: { auth: 'public', rateLimit: { max: app.config.monitoringReportsPerMinute, timeWindow: 60_000 } },
      schema: { body: monitoringReport, response: { 200: okEnvelope(emptyResult) } },
    },
    async (request) => {
      const ua = request.headers['user-agent'];
      app.services.monitoring.receiveReport(request.body, { userAgent: typeof ua === 'string' ? ua : null }, request.log);
      return ok({});
    },
  );
};
