import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleDocumentQuery, deleteDocumentRequest, DocumentPdfRule, documentDraftsQuery, documentDraftsResult, documentIdParams, fileTooLargeResult, uploadDocumentFields, uploadDocumentResult, type DocumentDraftsResult } from '../../../shared/api/documents.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { IntegrationPath } from '../../../shared/integration-paths.ts';
import { parseWarnings } from '../../../shared/api/capture.ts';
import { emptyResult, failureEnvelope, okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';
import type { DocumentContent } from './documents.service.ts';
import { readPictureUpload } from '../../plugins/picture-upload.ts';

/**
 * A document image as a download that nothing can render in our origin: fixed type, never cached,
 * never sniffed, an attachment, and a CSP that allows nothing should a browser display it anyway.
 */
function sendDocument(reply: FastifyReply, id: string, doc: DocumentContent) {
  return reply
    .header('content-type', doc.mime)
    .header('cache-control', 'no-store')
    // A PDF original too (decision 053): saved, never opened in a tab of our origin; the sandbox below stops its scripts should a browser show it.
    .header('content-disposition', `attachment; filename="document-${id}.${doc.mime === DocumentPdfRule.MIME ? 'pdf' : 'jpg'}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .send(doc.bytes);
}



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
    for (const [url, auth] of [[ApiPath.uploadDocument, undefined], [IntegrationPath.integrationUploadDocument, 'sdk']] as const) {
      uploads.post(url, { ...(auth ? { config: { auth } } : {}), schema: { response: { 200: okEnvelope(uploadDocumentResult), 400: failureEnvelope(emptyResult), 413: failureEnvelope(fileTooLargeResult.or(emptyResult)) } } }, async (request, reply) => {
        const upload = await readPictureUpload(request, reply, uploadDocumentFields, app.config.maxUploadBytes);
        if (!upload) return reply;
        const { data, bytes } = upload;
        const warnings = parseWarnings(data.warnings);
        return ok(await documents.upload(request.auth!.id, { kind: data.kind, level: data.level, bytes, warnings }, actorOf(request)));
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
  for (const [prefix, auth] of [[ApiPath.document, undefined], [IntegrationPath.integrationDocument, 'sdk']] as const) {
    app.get(`${prefix}/:id`, { ...(auth ? { config: { auth } } : {}), schema: { params: documentIdParams } }, async (request, reply) =>
      sendDocument(reply, request.params.id, await documents.viewForOwner(request.auth!.id, request.params.id)),
    );
  }

  // The picture to look at (a PDF's first page drawn here), or with ?original=1 the file as it was sent.
  app.get(`${ConsolePath.consoleDocument}/:id`, { config: { auth: 'reviewer' }, schema: { params: documentIdParams, querystring: consoleDocumentQuery } }, async (request, reply) => {
    const { id } = request.params;
    return sendDocument(reply, id, await (request.query.original ? documents.readForReviewer(id, actorOf(request)) : documents.viewForReviewer(id, actorOf(request))));
  });
};
