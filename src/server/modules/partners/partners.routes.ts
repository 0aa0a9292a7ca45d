import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessIdParams,
  businessListResult,
  businessResult,
  businessSecretResult,
  createBusinessRequest,
  rotateSecretRequest,
  updateBusinessRequest,
} from '../../../shared/api/integration-admin.ts';
import { PartnerConsolePath } from '../../../shared/integration-paths.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';

/** The business registry belongs to administrators (decision 021), like console roles (decision 018). */
const administrator = { auth: 'reviewer', consoleRole: ConsoleRole.ADMINISTRATOR } as const;

/** The console's administration of businesses: list, register, change, rotate the API secret. */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const partners = app.services.partners;

  app.get(PartnerConsolePath.consoleBusinesses, { config: administrator, schema: { response: { 200: okEnvelope(businessListResult) } } }, async () => ok({ businesses: await partners.listBusinesses() }));
  app.post(PartnerConsolePath.consoleBusinesses, { config: administrator, schema: { body: createBusinessRequest, response: { 200: okEnvelope(businessSecretResult) } } }, async (request) =>
    ok(await partners.createBusiness(request.body, actorOf(request))),
  );
  app.post(PartnerConsolePath.consoleBusiness, { config: administrator, schema: { params: businessIdParams, body: updateBusinessRequest, response: { 200: okEnvelope(businessResult) } } }, async (request) =>
    ok({ business: await partners.updateBusiness(request.params.id, request.body, actorOf(request)) }),
  );
  app.post(PartnerConsolePath.consoleBusinessRotateSecret, { config: administrator, schema: { params: businessIdParams, body: rotateSecretRequest, response: { 200: okEnvelope(businessSecretResult) } } }, async (request) =>
    ok(await partners.rotateSecret(request.params.id, request.body.overlapMinutes, actorOf(request))),
  );
};
