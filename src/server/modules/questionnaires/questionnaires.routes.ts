import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_FILE_FIELD, fileTooLargeResult } from '../../../shared/api/documents.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import {
  createQuestionnaireRequest,
  createQuestionnaireResult,
  createSatosQuestionnaireRequest,
  satosQuestionnaireResult,
  deleteEvidenceRequest,
  deleteEvidenceResult,
  questionnaireListResult,
  questionnaireTokenQuery,
  questionnaireTokenResult,
  saveDraftRequest,
  saveDraftResult,
  submitQuestionnaireRequest,
  submitQuestionnaireResult,
  templateDetailQuery,
  templateDetailResult,
  uploadEvidenceFields,
  uploadEvidenceResult,
} from '../../../shared/api/questionnaires.ts';
import { emptyResult, failureEnvelope, okEnvelope } from '../../../shared/envelope-schema.ts';
import type { FieldIssue } from '../../../shared/envelope.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { toFieldIssues, ValidationMessage } from '../../../shared/validation.ts';
import { ValidationFailed } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf, siteOf } from '../../request-context.ts';

/**
 * §7 questionnaire calls (signed-in users; decision 020). Each body or query is validated by its
 * shared schema, each reply serialised through its result schema; the service authorises (only the
 * caller's own attempts), runs one transaction per change and audits it.
 */
export const questionnairesRoutes: FastifyPluginAsyncZod = async (app) => {
  const questionnaires = app.services.questionnaires;

  app.get(ApiPath.questionnaireTemplateDetail, { schema: { querystring: templateDetailQuery, response: { 200: okEnvelope(templateDetailResult) } } }, async (request) =>
    ok(await questionnaires.detail(request.auth!.id, request.query, siteOf(request))),
  );
  app.post(ApiPath.createQuestionnaire, { schema: { body: createQuestionnaireRequest, response: { 200: okEnvelope(createQuestionnaireResult) } } }, async (request) =>
    ok(await questionnaires.create(request.auth!.id, request.body, actorOf(request))),
  );
  app.post(ApiPath.createSatosQuestionnaire, { schema: { body: createSatosQuestionnaireRequest, response: { 200: okEnvelope(satosQuestionnaireResult) } } }, async (request) =>
    ok(await questionnaires.createSatos(request.auth!.id, request.body, actorOf(request))),
  );
  app.get(ApiPath.querySatosQuestionnaire, { schema: { response: { 200: okEnvelope(satosQuestionnaireResult) } } }, async (request) => ok(await questionnaires.querySatos(request.auth!.id)));
  app.get(ApiPath.questionnaireToken, { schema: { querystring: questionnaireTokenQuery, response: { 200: okEnvelope(questionnaireTokenResult) } } }, async (request) =>
    ok(await questionnaires.token(request.auth!.id, request.query.template_code, actorOf(request))),
  );
  app.post(ApiPath.saveQuestionnaireDraft, { schema: { body: saveDraftRequest, response: { 200: okEnvelope(saveDraftResult) } } }, async (request) =>
    ok(await questionnaires.saveDraft(request.auth!.id, request.body, actorOf(request))),
  );
  app.post(ApiPath.submitQuestionnaire, { schema: { body: submitQuestionnaireRequest, response: { 200: okEnvelope(submitQuestionnaireResult) } } }, async (request) =>
    ok(await questionnaires.submit(request.auth!.id, request.body, actorOf(request))),
  );
  app.get(ApiPath.questionnaireList, { schema: { response: { 200: okEnvelope(questionnaireListResult) } } }, async (request) =>
    ok(await questionnaires.list(request.auth!.id, siteOf(request))),
  );
  app.post(ApiPath.deleteQuestionnaireEvidence, { schema: { body: deleteEvidenceRequest, response: { 200: okEnvelope(deleteEvidenceResult) } } }, async (request) =>
    ok(await questionnaires.deleteEvidence(request.auth!.id, request.body, actorOf(request))),
  );

  // Evidence pictures: multipart in its own context (every other route stays JSON-only), the same
  // streaming limits as identity documents; the picture itself goes through the documents module.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: app.config.maxUploadBytes, files: 1, fields: 4, parts: 6, fieldSize: 200, fieldNameSize: 50, headerPairs: 20 },
    });
    uploads.post(
      ApiPath.uploadQuestionnaireEvidence,
      { schema: { response: { 200: okEnvelope(uploadEvidenceResult), 400: failureEnvelope(emptyResult), 413: failureEnvelope(fileTooLargeResult.or(emptyResult)) } } },
      async (request, reply) => {
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
          // The rest of the body will never be read: close the connection after this reply (see documents.routes.ts).
          request.raw.unpipe();
          request.raw.resume();
          reply.header('connection', 'close');
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            const maxBytes = app.config.maxUploadBytes;
            return reply.status(413).send({ ret_code: RetCode.DOCUMENT_FILE_TOO_LARGE, ret_msg: 'file too large', result: { maxBytes, maxMb: Math.floor((maxBytes / (1024 * 1024)) * 10) / 10 } });
          }
          const status = (err as { statusCode?: number }).statusCode === 413 ? 413 : 400;
          return reply.status(status).send({ ret_code: RetCode.DOCUMENT_UPLOAD_MALFORMED, ret_msg: 'malformed multipart body', result: {} });
        }
        const parsed = uploadEvidenceFields.safeParse(fields);
        if (!parsed.success) issues.push(...toFieldIssues(parsed.error));
        if (!bytes) issues.push({ path: DOCUMENT_FILE_FIELD, code: ValidationMessage.REQUIRED });
        if (issues.length > 0 || !parsed.success || !bytes) throw new ValidationFailed(issues);
        return ok(await questionnaires.uploadEvidence(request.auth!.id, parsed.data, bytes, actorOf(request)));
      },
    );
  });
};
