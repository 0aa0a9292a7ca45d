import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmEmailRequest, forgotPasswordRequest, loginRequest, registerRequest, resetPasswordRequest, sessionResult } from '../../../shared/api/accounts.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { memberInfoResult, userProfileResult } from '../../../shared/api/profile.ts';
import { emptyResult, okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';
import { SESSION_COOKIE, sessionCookieOptions, setSessionCookie } from '../../plugins/auth.ts';
import { actorOf, clientMeta } from '../../request-context.ts';

/** Accounts and sessions: register, login, logout, profile, member info. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.services.accounts;

  // The same reply for a new and an already registered address (decision 013): no session here.
  app.post(ApiPath.register, { schema: { body: registerRequest, response: { 200: okEnvelope(emptyResult) } } }, async (request) => {
    // The confirmation link points at the site the request came to, like the help links (site.service).
    await accounts.register(request.body, actorOf(request), { ip: request.ip ?? null, siteOrigin: `${request.protocol}://${request.host}` });
    return ok({});
  });

  // The mailed link: confirms the address and signs in, like login.
  app.post(ApiPath.confirmEmail, { schema: { body: confirmEmailRequest, response: { 200: okEnvelope(sessionResult) } } }, async (request, reply) => {
    const session = await accounts.confirmEmail(request.body.token, actorOf(request), clientMeta(request));
    setSessionCookie(reply, request, session);
    return ok({ id: session.userId, role: session.role });
  });

  // "Forgot password?": the same reply whether or not the address has an account (issue 27).
  app.post(ApiPath.forgotPassword, { schema: { body: forgotPasswordRequest, response: { 200: okEnvelope(emptyResult) } } }, async (request) => {
    await accounts.requestPasswordReset(request.body.email, actorOf(request), { ip: request.ip ?? null, siteOrigin: `${request.protocol}://${request.host}` });
    return ok({});
  });

  // The mailed link's new password: every session of the account ends, this browser's too.
  app.post(ApiPath.resetPassword, { schema: { body: resetPasswordRequest, response: { 200: okEnvelope(emptyResult) } } }, async (request, reply) => {
    await accounts.resetPassword(request.body, actorOf(request), { ip: request.ip ?? null });
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
    return ok({});
  });

  app.post(ApiPath.login, { schema: { body: loginRequest, response: { 200: okEnvelope(sessionResult) } } }, async (request, reply) => {
    const session = await accounts.login(request.body, actorOf(request), clientMeta(request));
    setSessionCookie(reply, request, session);
    return ok({ id: session.userId, role: session.role });
  });

  app.post(ApiPath.logout, { schema: { response: { 200: okEnvelope(emptyResult) } } }, async (request, reply) => {
    await accounts.logout(request.auth?.sessionIdHash, actorOf(request));
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
    return ok({});
  });

  app.get(ApiPath.profile, { schema: { response: { 200: okEnvelope(userProfileResult) } } }, async (request) => ok(await accounts.getProfile(request.auth!.id, request.auth!.changeStamps)));
  app.get(ApiPath.memberInfo, { schema: { response: { 200: okEnvelope(memberInfoResult) } } }, async (request) => ok(await accounts.getMemberInfo(request.auth!.id)));
};
