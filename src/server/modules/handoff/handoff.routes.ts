import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  handoffCreateRequest,
  handoffCreateResult,
  handoffOpenRequest,
  handoffRevokeRequest,
  handoffSessionResult,
  handoffStatusQuery,
  handoffUploadFields,
  handoffView,
  consoleLiveness,
  consoleLivenessQuery,
  livenessChallenge,
  livenessFinishRequest,
  livenessFrameParams,
  livenessResult,
  livenessStartRequest,
  parseWarnings,
} from '../../../shared/api/capture.ts';
import { fileTooLargeResult, uploadDocumentResult } from '../../../shared/api/documents.ts';
import { LivenessPath } from '../../../shared/api/liveness-paths.ts';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { CapturePath } from '../../../shared/api/capture-paths.ts';
import { emptyResult, failureEnvelope, okEnvelope } from '../../../shared/envelope-schema.ts';
import type { VerifiableLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { BusinessError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { httpsSite } from '../../plugins/auth.ts';
import { actorOf } from '../../request-context.ts';
import { readPictureUpload } from '../../plugins/picture-upload.ts';

/** The phone's handoff session (decision 023): HttpOnly, only sent to the handoff calls. */
export const HANDOFF_COOKIE = 'ua_hoff';
const HANDOFF_COOKIE_PATH = `${API_PREFIX}/v1/capture/handoff`;

const cookieOptions = (request: FastifyRequest, expires?: Date) => ({
  path: HANDOFF_COOKIE_PATH,
  httpOnly: true,
  // The phone reaches these calls only from our own page: no other site may make it send the cookie.
  sameSite: 'strict' as const,
  secure: httpsSite(request),
  ...(expires ? { expires } : {}),
});

const deviceTokenOf = (request: FastifyRequest) => request.cookies[HANDOFF_COOKIE];

/** A phone whose session ended forgets the cookie, so a reload shows "make a new link" at once. */
function forgetOnRefusal(reply: FastifyReply, request: FastifyRequest, err: unknown): never {
  const code = (err as BusinessError).retCode;
  if (code === RetCode.HANDOFF_LINK_INVALID || code === RetCode.HANDOFF_LINK_EXPIRED || code === RetCode.HANDOFF_LINK_REVOKED) {
    reply.clearCookie(HANDOFF_COOKIE, cookieOptions(request));
  }
  throw err;
}

const emptyBody = z.strictObject({});

/**
 * The capture calls: the desktop's handoff links (its session), the phone's side (the handoff
 * cookie, no login), and the liveness challenge.
 */
export const handoffRoutes: FastifyPluginAsyncZod = async (app) => {
  const handoff = app.services.handoff;
  const liveness = app.services.liveness;

  app.post(CapturePath.handoffCreate, { schema: { body: handoffCreateRequest, response: { 200: okEnvelope(handoffCreateResult) } } }, async (request) =>
    ok(await handoff.create(request.auth!.id, { level: request.body.level as VerifiableLevel, step: request.body.step, documentType: request.body.documentType, from: request.body.from }, actorOf(request))),
  );

  app.get(CapturePath.handoffStatus, { schema: { querystring: handoffStatusQuery, response: { 200: okEnvelope(handoffView) } } }, async (request) =>
    ok(await handoff.view(request.auth!.id, request.query.id)),
  );

  app.post(CapturePath.handoffRevoke, { schema: { body: handoffRevokeRequest, response: { 200: okEnvelope(handoffView) } } }, async (request) =>
    ok(await handoff.revoke(request.auth!.id, request.body.id, actorOf(request))),
  );

  app.post(CapturePath.handoffOpen, { schema: { body: handoffOpenRequest, response: { 200: okEnvelope(handoffSessionResult) } } }, async (request, reply) => {
    const opened = await handoff.open(request.body.token, actorOf(request));
    reply.setCookie(HANDOFF_COOKIE, opened.deviceToken, cookieOptions(request, new Date(opened.sessionExpiresAt)));
    return ok(opened.session);
  });

  app.get(CapturePath.handoffSession, { schema: { response: { 200: okEnvelope(handoffSessionResult) } } }, async (request, reply) => {
    try {
      return ok(await handoff.session(deviceTokenOf(request)));
    } catch (err) {
      return forgetOnRefusal(reply, request, err);
    }
  });

  app.post(CapturePath.handoffComplete, { schema: { body: emptyBody, response: { 200: okEnvelope(handoffSessionResult) } } }, async (request) =>
    ok(await handoff.complete(deviceTokenOf(request), actorOf(request))),
  );

  app.post(CapturePath.livenessStart, { schema: { body: livenessStartRequest, response: { 200: okEnvelope(livenessChallenge) } } }, async (request) =>
    ok(await liveness.start(request.auth!.id, request.body.level as VerifiableLevel, actorOf(request))),
  );

  app.post(CapturePath.handoffLivenessStart, { schema: { body: livenessStartRequest, response: { 200: okEnvelope(livenessChallenge) } } }, async (request) => {
    const session = await handoff.phoneUser(deviceTokenOf(request));
    return ok(await liveness.start(session.userId, session.level, { ...actorOf(request), type: 'user', id: session.userId }));
  });

  // The challenge's outcome: a few small JPEGs (base64) with the measures; a body of this size at most.
  const finishOptions = { bodyLimit: 768 * 1024, schema: { body: livenessFinishRequest, response: { 200: okEnvelope(livenessResult) } } };
  app.post(LivenessPath.livenessFinish, finishOptions, async (request) => ok(await liveness.finish(request.auth!.id, request.body, actorOf(request))));

  app.post(LivenessPath.handoffLivenessFinish, finishOptions, async (request) => {
    const session = await handoff.phoneUser(deviceTokenOf(request));
    return ok(await liveness.finish(session.userId, request.body, { ...actorOf(request), type: 'user', id: session.userId }));
  });

  // The reviewer's side (console): the latest challenge beside the selfie, and its frames.
  app.get(LivenessPath.consoleLiveness, { config: { auth: 'reviewer' }, schema: { querystring: consoleLivenessQuery, response: { 200: okEnvelope(consoleLiveness) } } }, async (request) =>
    ok(await liveness.latestFor(request.query.userId, request.query.level as VerifiableLevel)),
  );

  app.get(`${LivenessPath.consoleLivenessFrame}/:id`, { config: { auth: 'reviewer' }, schema: { params: livenessFrameParams } }, async (request, reply) => {
    const frame = await liveness.readFrame(request.params.id, actorOf(request));
    // As the console's document reads: never cached, never run as anything but an image.
    return reply
      .header('content-type', frame.mime)
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="liveness-${request.params.id}.jpg"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .send(frame.bytes);
  });

  // The phone's upload: multipart like upload-document, in its own context (every other route stays JSON).
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: app.config.maxUploadBytes, files: 1, fields: 3, parts: 4, fieldSize: 200, fieldNameSize: 50, headerPairs: 20 },
    });
    uploads.post(CapturePath.handoffUpload, { schema: { response: { 200: okEnvelope(uploadDocumentResult), 400: failureEnvelope(emptyResult), 413: failureEnvelope(fileTooLargeResult.or(emptyResult)) } } }, async (request, reply) => {
      const upload = await readPictureUpload(request, reply, handoffUploadFields, app.config.maxUploadBytes);
      if (!upload) return reply;
      const { data, bytes } = upload;
      try {
        return ok(await handoff.upload(deviceTokenOf(request), { kind: data.kind, bytes, warnings: parseWarnings(data.warnings) }, actorOf(request)));
      } catch (err) {
        return forgetOnRefusal(reply, request, err);
      }
    });
  });
};
