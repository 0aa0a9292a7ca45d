import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  businessWebhookParams,
  createWebhookRequest,
  deliveriesQuery,
  deliveriesResult,
  eventsFeedQuery,
  eventsFeedResult,
  feedKeyListResult,
  feedKeyResult,
  feedKeySecretResult,
  issueFeedKeyRequest,
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
  // The exchange-wide events feed's keys (decision 056).
  app.get(WebhookPath.consoleFeedKeys, { config: administrator, schema: { response: { 200: okEnvelope(feedKeyListResult) } } }, async () => ok({ keys: await events.feedKeys.list() }));
  app.post(WebhookPath.consoleFeedKeys, { config: administrator, schema: { body: issueFeedKeyRequest, response: { 200: okEnvelope(feedKeySecretResult) } } }, async (request) =>
    ok(await events.feedKeys.issue(request.body.name, actorOf(request))),
  );
  app.post(WebhookPath.consoleFeedKeyRevoke, { config: administrator, schema: { params: webhookIdParams, body: emptyRequest, response: { 200: okEnvelope(feedKeyResult) } } }, async (request) =>
    ok({ key: await events.feedKeys.revoke(request.params.id, actorOf(request)) }),
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

/**
 * The exchange-wide events feed (decision 056): every event, exchange-only ones included, for the
 * exchange's own systems, with a key an administrator issued (`Authorization: Bearer efk_…`).
 */
export const exchangeEventsFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(WebhookPath.exchangeEvents, { config: { auth: 'feedKey' }, schema: { querystring: eventsFeedQuery, response: { 200: okEnvelope(eventsFeedResult) } } }, async (request) =>
    ok(await app.services.events.feed('exchange', request.query.after, request.query.limit)),
  );
};
