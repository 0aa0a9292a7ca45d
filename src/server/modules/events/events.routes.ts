import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  businessWebhookParams,
  createWebhookRequest,
  deliveriesQuery,
  deliveriesResult,
  eventsFeedQuery,
  eventsFeedResult,
  redeliverRequest,
  redeliverResult,
  rotateWebhookSecretRequest,
  updateWebhookRequest,
  webhookIdParams,
  webhookListResult,
  webhookResult,
  webhookSecretResult,
  WebhookPath,
} from '../../../shared/api/webhooks.ts';
import { emptyResult, okEnvelope } from '../../../shared/envelope-schema.ts';
import { emptyRequest } from '../../../shared/api/console.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';

/** Webhook endpoints belong to administrators, like the business registry (decision 021). */
const administrator = { auth: 'reviewer', consoleRole: ConsoleRole.ADMINISTRATOR } as const;

/** The console's webhook endpoints and their delivery log (decision 050). */
export const webhooksConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const events = app.services.events;
  app.get(WebhookPath.consoleWebhooks, { config: administrator, schema: { response: { 200: okEnvelope(webhookListResult) } } }, async () => ok({ webhooks: await events.list() }));
  app.post(WebhookPath.consoleWebhooks, { config: administrator, schema: { body: createWebhookRequest, response: { 200: okEnvelope(webhookSecretResult) } } }, async (request) =>
    ok(await events.createEndpoint(null, request.body, actorOf(request))),
  );
  app.post(WebhookPath.consoleBusinessWebhooks, { config: administrator, schema: { params: businessWebhookParams, body: createWebhookRequest, response: { 200: okEnvelope(webhookSecretResult) } } }, async (request) =>
    ok(await events.createEndpoint(request.params.id, request.body, actorOf(request))),
  );
  app.post(WebhookPath.consoleWebhook, { config: administrator, schema: { params: webhookIdParams, body: updateWebhookRequest, response: { 200: okEnvelope(webhookResult) } } }, async (request) =>
    ok({ webhook: await events.setStatus(request.params.id, request.body.status, actorOf(request)) }),
  );
  app.post(WebhookPath.consoleWebhookDelete, { config: administrator, schema: { params: webhookIdParams, body: emptyRequest, response: { 200: okEnvelope(emptyResult) } } }, async (request) => {
    await events.remove(request.params.id, actorOf(request));
    return ok({});
  });
  app.post(WebhookPath.consoleWebhookRotateSecret, { config: administrator, schema: { params: webhookIdParams, body: rotateWebhookSecretRequest, response: { 200: okEnvelope(webhookSecretResult) } } }, async (request) =>
    ok(await events.rotateSecret(request.params.id, request.body.overlapMinutes, actorOf(request))),
  );
  app.get(WebhookPath.consoleWebhookDeliveries, { config: administrator, schema: { params: webhookIdParams, querystring: deliveriesQuery, response: { 200: okEnvelope(deliveriesResult) } } }, async (request) =>
    ok(await events.deliveries(request.params.id, request.query.limit)),
  );
  app.post(WebhookPath.consoleWebhookRedeliver, { config: administrator, schema: { params: webhookIdParams, body: redeliverRequest, response: { 200: okEnvelope(redeliverResult) } } }, async (request) =>
    ok(await events.redeliver(request.params.id, request.body, actorOf(request))),
  );
};

/** The partner's events feed: signed like its other calls (decision 021), that business's events only. */
export const eventsFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope) => {
    const signed = scope.withTypeProvider<ZodTypeProvider>();
    signed.get(WebhookPath.integrationEvents, { config: { auth: 'partner' }, schema: { querystring: eventsFeedQuery, response: { 200: okEnvelope(eventsFeedResult) } } }, async (request) =>
      ok(await app.services.events.feed({ businessId: request.partner!.id }, request.query.after, request.query.limit)),
    );
  });
};
