import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TRANSFER_PATHS } from '../../../shared/api/transfer-paths.ts';
import {
  identityTransferRequest,
  identityTransferResult,
  transferStatusRequest,
  transferStatusResult,
  transferVerifyRequest,
  transferVerifyResult,
} from '../../../shared/api/identity-transfer.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { languageFromHeader } from '../../mail/templates.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';

/**
 * §7 identity transfer calls (decision 029). They are not under /private/, so each says it is for
 * signed-in users; a user only ever acts on their own side of a transfer (the session says whose).
 */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const transfers = app.services.transfers;

  app.post(TRANSFER_PATHS.kycIdentity, { config: { auth: 'user' }, schema: { body: identityTransferRequest, response: { 200: okEnvelope(identityTransferResult) } } }, async (request) =>
    ok(await transfers.start(request.auth!.id, request.body, actorOf(request))),
  );

  app.post(TRANSFER_PATHS.kycTransferVerify, { config: { auth: 'user' }, schema: { body: transferVerifyRequest, response: { 200: okEnvelope(transferVerifyResult) } } }, async (request) =>
    ok(await transfers.verify(request.auth!.id, request.body, languageFromHeader(request.headers['accept-language']), actorOf(request))),
  );

  app.post(TRANSFER_PATHS.kycTransferStatus, { config: { auth: 'user' }, schema: { body: transferStatusRequest, response: { 200: okEnvelope(transferStatusResult) } } }, async (request) =>
    ok(await transfers.status(request.auth!.id)),
  );
};
