import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { staffIdParams, staffList, staffMember, staffRoleRequest } from '../../../shared/api/records.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';

/** Managing console members: administrators only (decision 018). */
const administrator = { auth: 'reviewer', consoleRole: ConsoleRole.ADMINISTRATOR } as const;

/** The console members and their roles; an administrator changes a role (audited). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.services.staff;

  app.get(ConsolePath.consoleStaff, { config: administrator, schema: { response: { 200: okEnvelope(staffList) } } }, async () => ok({ items: await staff.members() }));

  app.post(ConsolePath.consoleStaffRole, { config: administrator, schema: { params: staffIdParams, body: staffRoleRequest, response: { 200: okEnvelope(staffMember) } } }, async (request) =>
    ok(await staff.setRole(request.params.id, request.body.role, actorOf(request))),
  );
};
