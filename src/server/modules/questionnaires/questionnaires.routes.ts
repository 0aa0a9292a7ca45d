import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTooLargeResult } from '../../../shared/api/documents.ts';
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
import { ok } from '../../plugins/envelope.ts';
import { actorOf, siteOf } from '../../request-context.ts';
import { readPictureUpload } from '../../plugins/picture-upload.ts';

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
        const upload = await readPictureUpload(request, reply, uploadEvidenceFields, app.config.maxUploadBytes);
        if (!upload) return reply;
        const { data, bytes } = upload;
        return ok(await questionnaires.uploadEvidence(request.auth!.id, data, bytes, actorOf(request)));
      },
    );
  });
};
