import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerRfiRequest,
  answerRfiResult,
  askRfiRequest,
  askRfiResult,
  cancelTaskParams,
  cancelTaskRequest,
  cancelTaskResult,
  consoleTasksQuery,
  consoleTasksResult,
  complianceTasksRequest,
  complianceTasksResult,
  createTaskRequest,
  createTaskResult,
  rfiInfoResult,
  taskListRequest,
  taskListResult,
  taskRegionRequest,
  taskRegionResult,
  uploadRfiDocumentFields,
  uploadRfiDocumentResult,
} from '../../../shared/api/compliance-tasks.ts';
import { fileTooLargeResult } from '../../../shared/api/documents.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { AccountPagePath } from '../../../shared/api/account-page-paths.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { emptyResult, failureEnvelope, okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';
import { readPictureUpload } from '../../plugins/picture-upload.ts';

/**
 * Compliance tasks and RFI for the signed-in user (decision 027): §7 task/list, task/region and
 * compliance-tasks, and the rfiQuestion page's read, pictures and answer. Reviewers are refused by the
 * auth plugin; a user only ever reaches their own tasks and rounds (the session says whose).
 */
/** §7's /segw/task/ paths are not under /private/: signed-in users only, said explicitly. */
const user = { auth: 'user' } as const;

export const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tasks, rfi } = app.services.compliance;

  app.post(ApiPath.taskList, { config: user, schema: { body: taskListRequest, response: { 200: okEnvelope(taskListResult) } } }, async (request) => ok(await tasks.list(request.auth!.id, request.body)));
  app.post(ApiPath.taskRegion, { config: user, schema: { body: taskRegionRequest, response: { 200: okEnvelope(taskRegionResult) } } }, async (request) => ok(await tasks.regions(request.auth!.id)));
  app.post(ApiPath.complianceTasks, { schema: { body: complianceTasksRequest, response: { 200: okEnvelope(complianceTasksResult) } } }, async (request) => ok(await tasks.open(request.auth!.id)));

  app.get(AccountPagePath.rfi, { schema: { response: { 200: okEnvelope(rfiInfoResult) } } }, async (request) => ok(await rfi.info(request.auth!.id)));
  app.post(AccountPagePath.answerRfi, { schema: { body: answerRfiRequest, response: { 200: okEnvelope(answerRfiResult) } } }, async (request) =>
    ok(await rfi.answer(request.auth!.id, request.body, actorOf(request))),
  );

  // Pictures: multipart in its own context (every other route stays JSON-only), the same streaming
  // limits as identity documents; the picture itself goes through the documents module.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: app.config.maxUploadBytes, files: 1, fields: 2, parts: 4, fieldSize: 200, fieldNameSize: 50, headerPairs: 20 },
    });
    uploads.post(
      AccountPagePath.uploadRfiDocument,
      { schema: { response: { 200: okEnvelope(uploadRfiDocumentResult), 400: failureEnvelope(emptyResult), 413: failureEnvelope(fileTooLargeResult.or(emptyResult)) } } },
      async (request, reply) => {
        const upload = await readPictureUpload(request, reply, uploadRfiDocumentFields, app.config.maxUploadBytes);
        if (!upload) return reply;
        const { data, bytes } = upload;
        return ok(await rfi.uploadDocument(request.auth!.id, data.rfi_id, bytes, actorOf(request)));
      },
    );
  });
};

/** Every console route is for reviewers only: users get 10009, anonymous callers 10007. */
const reviewer = { auth: 'reviewer' } as const;

/** Console (decision 027): a reviewer asks a user for information, or gives them a questionnaire task. */
export const complianceConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tasks, rfi } = app.services.compliance;

  app.post(ConsolePath.consoleRfiRequests, { config: reviewer, schema: { body: askRfiRequest, response: { 200: okEnvelope(askRfiResult) } } }, async (request) =>
    ok(await rfi.ask(request.body, actorOf(request), `${request.protocol}://${request.host}`)),
  );
  app.post(ConsolePath.consoleComplianceTasks, { config: reviewer, schema: { body: createTaskRequest, response: { 200: okEnvelope(createTaskResult) } } }, async (request) =>
    ok(await tasks.create(request.body, actorOf(request))),
  );
  // Decision 052: a user's tasks, and a cancel with the reason the user is told.
  app.get(ConsolePath.consoleComplianceTasks, { config: reviewer, schema: { querystring: consoleTasksQuery, response: { 200: okEnvelope(consoleTasksResult) } } }, async (request) =>
    ok(await tasks.ofUserByEmail(request.query.email)),
  );
  app.post(ConsolePath.consoleCancelTask, { config: reviewer, schema: { params: cancelTaskParams, body: cancelTaskRequest, response: { 200: okEnvelope(cancelTaskResult) } } }, async (request) =>
    ok(await tasks.cancel(request.params.id, request.body.reason, actorOf(request))),
  );
};
