import multipart from '@fastify/multipart';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteDocumentRequest,
  DOCUMENT_FILE_FIELD,
  documentDraftsQuery,
  documentDraftsResult,
  documentIdParams,
  fileTooLargeResult,
  uploadDocumentFields,
  uploadDocumentResult,
  type DocumentDraftsResult,
} from '../../../shared/api/documents.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { parseWarnings } from '../../../shared/api/capture.ts';
import { emptyResult, failureEnvelope, okEnvelope } from '../../../shared/envelope-schema.ts';
import type { FieldIssue } from '../../../shared/envelope.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { toFieldIssues, ValidationMessage } from '../../../shared/validation.ts';
import { ValidationFailed } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';
import type { DocumentContent } from './documents.service.ts';

/**
 * A document image as a download that nothing can render in our origin: fixed type, never cached,
 * never sniffed, an attachment, and a CSP that allows nothing should a browser display it anyway.
 */
function sendDocument(reply: FastifyReply, id: string, doc: DocumentContent) {
  return reply
    .header('content-type', doc.mime)
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="document-${id}.jpg"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .send(doc.bytes);
}

/**
 * Stops reading an upload whose body will not be parsed further. Node keeps a keep-alive connection
 * open for the next request, but the unread rest of this body sits in front of it, so the
 * connection would hang until the keep-alive timeout (72 s). `Connection: close` ends it once the
 * reply is out (as Fastify does when its own body parsers fail); the body is drained meanwhile, so
 * bytes already received do not turn the close into a reset that could swallow the reply.
 */
function abandonBody(raw: IncomingMessage, reply: FastifyReply): void {
  raw.unpipe();
  raw.resume();
  reply.header('connection', 'close');
}

/** For the "at most {{maxMb}} MB" message: one decimal, never rounded up past the limit. */
const toMegabytes = (bytes: number) => Math.floor((bytes / (1024 * 1024)) * 10) / 10;

/** Identity documents: upload, drafts, delete, and reads for the owner and the console. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const documents = app.services.documents;

  // Only the upload route parses multipart: its own context keeps every other route JSON-only.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      // Enforced by busboy while the body streams in: nothing beyond the limit is ever buffered.
      limits: { fileSize: app.config.maxUploadBytes, files: 1, fields: 5, parts: 7, fieldSize: 200, fieldNameSize: 50, headerPairs: 20 },
    });

    // The multipart body is read part by part below (size limit while streaming, fields checked by
    // uploadDocumentFields), so there is no body schema; the reply has one. The same handler answers
    // the SDK variant (access token instead of cookie, decision 021).
    for (const [url, auth] of [[ApiPath.uploadDocument, undefined], [ApiPath.integrationUploadDocument, 'sdk']] as const) {
      uploads.post(url, { ...(auth ? { config: { auth } } : {}), schema: { response: { 200: okEnvelope(uploadDocumentResult), 400: failureEnvelope(emptyResult), 413: failureEnvelope(fileTooLargeResult.or(emptyResult)) } } }, async (request, reply) => {
        if (!request.isMultipart()) throw Object.assign(new Error('multipart/form-data expected'), { statusCode: 415 });
        const fields: Record<string, string> = {};
        const issues: FieldIssue[] = [];
        let bytes: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const content = await part.toBuffer();
              if (part.fieldname === DOCUMENT_FILE_FIELD) bytes = content;
              else issues.push({ path: part.fieldname, code: ValidationMessage.TYPE });
            } else if (typeof part.value === 'string' && !part.valueTruncated) {
              fields[part.fieldname] = part.value;
            } else {
              issues.push({ path: part.fieldname, code: ValidationMessage.TYPE });
            }
          }
        } catch (err) {
          // The body could not be read to its end (limit reached, no or wrong boundary, truncated or
          // garbled parts): whatever the client still sends is never going to be read, so the
          // connection closes after this reply instead of waiting, stuck, for the keep-alive timeout.
          abandonBody(request.raw, reply);
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            // A transport-level refusal (413) that still tells the screen which message and limit to show.
            return reply.status(413).send({ ret_code: RetCode.DOCUMENT_FILE_TOO_LARGE, ret_msg: 'file too large', result: { maxBytes: app.config.maxUploadBytes, maxMb: toMegabytes(app.config.maxUploadBytes) } });
          }
          const status = (err as { statusCode?: number }).statusCode === 413 ? 413 : 400;
          request.log.info({ code: (err as { code?: string }).code, reason: (err as Error).message }, 'rejected malformed multipart upload');
          return reply.status(status).send({ ret_code: RetCode.DOCUMENT_UPLOAD_MALFORMED, ret_msg: status === 413 ? 'too many parts' : 'malformed multipart body', result: {} });
        }
        const parsed = uploadDocumentFields.safeParse(fields);
        if (!parsed.success) issues.push(...toFieldIssues(parsed.error));
        if (!bytes) issues.push({ path: DOCUMENT_FILE_FIELD, code: ValidationMessage.REQUIRED });
        if (issues.length > 0 || !parsed.success || !bytes) throw new ValidationFailed(issues);
        const warnings = parseWarnings(parsed.data.warnings);
        return ok(await documents.upload(request.auth!.id, { kind: parsed.data.kind, level: parsed.data.level, bytes, warnings }, actorOf(request)));
      });
    }
  });

  app.get(ApiPath.documentDrafts, { schema: { querystring: documentDraftsQuery, response: { 200: okEnvelope(documentDraftsResult) } } }, async (request) => {
    const result: DocumentDraftsResult = { documents: await documents.draftsOf(request.auth!.id, request.query.level) };
    return ok(result);
  });

  app.post(ApiPath.deleteDocument, { schema: { body: deleteDocumentRequest, response: { 200: okEnvelope(emptyResult) } } }, async (request) => {
    await documents.remove(request.auth!.id, request.body.id, actorOf(request));
    return ok({});
  });

  // The two reads answer with the image itself (sendDocument), not a JSON envelope: only their
  // parameters have a schema (the contracts test lists them as the binary exceptions).
  for (const [prefix, auth] of [[ApiPath.document, undefined], [ApiPath.integrationDocument, 'sdk']] as const) {
    app.get(`${prefix}/:id`, { ...(auth ? { config: { auth } } : {}), schema: { params: documentIdParams } }, async (request, reply) =>
      sendDocument(reply, request.params.id, await documents.readForOwner(request.auth!.id, request.params.id)),
    );
  }

  app.get(`${ApiPath.consoleDocument}/:id`, { config: { auth: 'reviewer' }, schema: { params: documentIdParams } }, async (request, reply) =>
    sendDocument(reply, request.params.id, await documents.readForReviewer(request.params.id, actorOf(request))),
  );
};
