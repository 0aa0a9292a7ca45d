import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiPath } from '../../../shared/api/paths.ts';
import { webhookAck } from '../../../shared/api/vendor.ts';
import { failureEnvelope, okEnvelope } from '../../../shared/envelope-schema.ts';
import { Provider } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { ok } from '../../plugins/envelope.ts';
import { WebhookRejected } from '../providers/providers.service.ts';

const VENDORS = { sumsub: Provider.PROVIDER_SUMSUB, onfido: Provider.PROVIDER_ONFIDO, jumio: Provider.PROVIDER_JUMIO, idnow: Provider.PROVIDER_IDNOW, aai: Provider.PROVIDER_AAI } as const;

/**
 * POST /v1/webhooks/<vendor>: vendors' callbacks. Public (vendors have no session; no cookies, so no
 * cross-site risk) but trusted only after the adapter verified the signature over the exact bytes:
 * the body is kept raw here, never parsed before that. 401 for a bad or missing signature, 400 for
 * an unreadable payload, 200 for everything accepted (duplicates, stale and unknown applicants too:
 * the vendor must stop retrying those).
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's own parsers: the raw bytes, for the signature (JSON, JWTs, forms).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'application/jwt', 'application/x-www-form-urlencoded'], { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    ApiPath.vendorWebhook,
    {
      config: { auth: 'public' },
      schema: {
        params: z.object({ vendor: z.enum(Object.keys(VENDORS) as (keyof typeof VENDORS)[]) }),
        querystring: z.record(z.string(), z.string()),
        body: z.custom<Buffer>((v) => Buffer.isBuffer(v), 'raw body'),
        response: { 200: okEnvelope(webhookAck), 400: failureEnvelope(z.object({})), 401: failureEnvelope(z.object({})) },
      },
    },
    async (request, reply) => {
      try {
        await app.services.kyc.receiveWebhook(VENDORS[request.params.vendor], { headers: request.headers, query: request.query, rawBody: request.body });
        return ok({ received: true });
      } catch (err) {
        if (!(err instanceof WebhookRejected)) throw err;
        request.log.warn({ vendor: request.params.vendor, reason: err.message }, 'webhook rejected');
        return reply.status(err.status).send({ ret_code: err.status === 401 ? RetCode.NO_PERMISSION : RetCode.PARAMS_ERROR, ret_msg: err.message, result: {} });
      }
    },
  );
};
