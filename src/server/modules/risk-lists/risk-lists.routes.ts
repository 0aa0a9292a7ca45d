import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyRequest } from '../../../shared/api/console.ts';
import { fileTooLargeResult } from '../../../shared/api/documents.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { RISK_LIST_MAX_BYTES, riskListInfo, type RiskListInfo } from '../../../shared/api/risk-lists.ts';
import { emptyResult, failureEnvelope, okEnvelope } from '../../../shared/envelope-schema.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import { z } from '../../../shared/zod.ts';
import { ok } from '../../plugins/envelope.ts';
import { readPictureUpload } from '../../plugins/picture-upload.ts';
import { actorOf } from '../../request-context.ts';

/** The lists that decide who goes through enhanced due diligence are an administrator's to change (decision 041). */
const administrator = { auth: 'reviewer', consoleRole: ConsoleRole.ADMINISTRATOR } as const;

/**
 * Console (decision 041): the country risk lists in use with their sources, dates and whether they
 * are older than four months; a new version uploaded as a file (refused whole, with where and why,
 * when it is not the format); and the re-assessment of verified users against the version in use,
 * which runs in the background after a load.
 */
export const riskListsConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { riskLists, accounts } = app.services;
  const onError = (err: unknown) => app.log.error({ err }, 'risk lists: re-assessment stopped; "Re-assess now" in the console resumes it');

  async function info(): Promise<RiskListInfo> {
    const { row, lists, stale, reassessing } = await riskLists.info();
    if (!row || !lists) return { current: null, reassessing };
    const by = row.loaded_by ? ((await accounts.usersByIds([row.loaded_by])).get(row.loaded_by)?.email ?? null) : null;
    return {
      current: {
        version: row.version,
        fileName: row.file_name,
        sha256: row.sha256,
        reflects: lists.document.reflects,
        lists: lists.document.lists,
        loadedAt: row.loaded_at,
        loadedBy: by,
        publishedOn: row.published_on,
        stale,
        reassessedAt: row.reassessed_at,
        enteredEdd: row.entered_edd === null ? null : Number(row.entered_edd),
      },
      reassessing,
    };
  }

  app.get(ConsolePath.consoleRiskLists, { config: administrator, schema: { response: { 200: okEnvelope(riskListInfo) } } }, async () => ok(await info()));

  app.post(ConsolePath.consoleRiskListsReassess, { config: administrator, schema: { body: emptyRequest, response: { 200: okEnvelope(riskListInfo) } } }, async (request) => {
    riskLists.reassessInBackground(actorOf(request), onError);
    return ok(await info());
  });

  // The file: multipart in its own context (every other route stays JSON-only), one file, no other field.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: RISK_LIST_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 50, headerPairs: 20 } });
    uploads.post(
      ConsolePath.consoleRiskLists,
      { config: administrator, schema: { response: { 200: okEnvelope(riskListInfo), 400: failureEnvelope(emptyResult), 413: failureEnvelope(fileTooLargeResult.or(emptyResult)) } } },
      async (request, reply) => {
        const upload = await readPictureUpload(request, reply, z.object({}), RISK_LIST_MAX_BYTES);
        if (!upload) return reply;
        const actor = actorOf(request);
        // The file's name is only a label of the version (audited with its SHA-256).
        await riskLists.load(upload.bytes.toString('utf8'), upload.fileName.slice(0, 200) || 'risk-lists.json', actor);
        riskLists.reassessInBackground(actor, onError);
        return ok(await info());
      },
    );
  });
};
