import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTooLargeResult } from '../../../shared/api/documents.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { amlResultQuery, amlResultReply, SCREENING_LIST_MAX_BYTES, screeningListInfo, type ScreeningListInfo } from '../../../shared/api/screening.ts';
import { emptyRequest } from '../../../shared/api/console.ts';
import { emptyResult, failureEnvelope, okEnvelope } from '../../../shared/envelope-schema.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import { z } from '../../../shared/zod.ts';
import { ok } from '../../plugins/envelope.ts';
import { readPictureUpload } from '../../plugins/picture-upload.ts';
import { actorOf } from '../../request-context.ts';

/**
 * §7 get-aml-result for the signed-in user (decision 026): their stored screening state answered
 * for one scene. Reviewers are refused by the auth plugin (a /private/ user route); the session says
 * whose result it is, so a user never reads another's.
 */
export const screeningRoutes: FastifyPluginAsyncZod = async (app) => {
  const screening = app.services.screening;
  app.get(ApiPath.getAmlResult, { schema: { querystring: amlResultQuery, response: { 200: okEnvelope(amlResultReply) } } }, async (request) =>
    ok(await screening.amlResult(request.auth!.id, request.query.sceneCode)),
  );
};

/** Loading the list every verified user is screened against is an administrator's act (decision 026). */
const administrator = { auth: 'reviewer', consoleRole: ConsoleRole.ADMINISTRATOR } as const;

/**
 * Console (decision 026): the sanctions/PEP list in use, a new version uploaded as OpenSanctions'
 * simple CSV (refused whole, with the line and the problem, when it is not that format), and the
 * re-screening of the verified users it has not screened yet, which runs in the background.
 */
export const screeningConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { screening, accounts } = app.services;
  async function info(): Promise<ScreeningListInfo> {
    const { engine, current, usersToScreen, rescreen } = await screening.listInfo();
    const by = current?.loaded_by ? (await accounts.usersByIds([current.loaded_by])).get(current.loaded_by)?.email ?? null : null;
    return {
      engine,
      current: current ? { version: current.version, source: current.source, sha256: current.sha256, entryCount: Number(current.entry_count), loadedAt: current.loaded_at, loadedBy: by, yente: current.yente } : null,
      usersToScreen,
      rescreen,
    };
  }

  app.get(ConsolePath.consoleScreeningList, { config: administrator, schema: { response: { 200: okEnvelope(screeningListInfo) } } }, async () => ok(await info()));

  app.post(ConsolePath.consoleScreeningRescreen, { config: administrator, schema: { body: emptyRequest, response: { 200: okEnvelope(screeningListInfo) } } }, async (request) => {
    // A pass at once on this server (the run's actor is the one of its load: decision 044); it
    // screens in the background, the reply shows the progress as it stands.
    await screening.rescreenNow(actorOf(request));
    return ok(await info());
  });

  // The file: multipart in its own context (every other route stays JSON-only), one file, no other field.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: SCREENING_LIST_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 50, headerPairs: 20 } });
    uploads.post(
      ConsolePath.consoleScreeningList,
      { config: administrator, schema: { response: { 200: okEnvelope(screeningListInfo), 400: failureEnvelope(emptyResult), 413: failureEnvelope(fileTooLargeResult.or(emptyResult)) } } },
      async (request, reply) => {
        const upload = await readPictureUpload(request, reply, z.object({}), SCREENING_LIST_MAX_BYTES);
        if (!upload) return reply;
        const actor = actorOf(request);
        // The file's name is only a label of the version (audited with its SHA-256).
        await screening.loadList(upload.bytes.toString('utf8'), upload.fileName.slice(0, 200) || 'targets.simple.csv', actor);
        // The load wrote the version's re-screening run: this server starts it at once (any server would on its next pass).
        screening.rescreen.kick();
        return ok(await info());
      },
    );
  });
};
