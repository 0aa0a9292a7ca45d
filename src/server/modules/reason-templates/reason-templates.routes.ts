import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiPath } from '../../../shared/api/paths.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { reasonTemplatesResult, saveReasonTemplateRequest, userReasonTemplatesQuery, userReasonTemplatesResult } from '../../../shared/api/reason-templates.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';

const reviewer = { auth: 'reviewer' } as const;
const administrator = { auth: 'reviewer', consoleRole: ConsoleRole.ADMINISTRATOR } as const;

/**
 * Reviewer message templates per reject reason (decision 052): reviewers read them (the reject
 * form), administrators edit them, a signed-in user reads those of their language.
 */
export const reasonTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const templates = app.services.reasonTemplates;
  app.get(ConsolePath.consoleReasonTemplates, { config: reviewer, schema: { response: { 200: okEnvelope(reasonTemplatesResult) } } }, async () => ok(await templates.all()));
  app.put(ConsolePath.consoleReasonTemplates, { config: administrator, schema: { body: saveReasonTemplateRequest, response: { 200: okEnvelope(reasonTemplatesResult) } } }, async (request) =>
    ok(await templates.save(request.body, actorOf(request))),
  );
  app.get(ApiPath.reasonTemplates, { schema: { querystring: userReasonTemplatesQuery, response: { 200: okEnvelope(userReasonTemplatesResult) } } }, async (request) => ok(await templates.forLanguage(request.query.lang)));
};
