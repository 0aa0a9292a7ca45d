import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { TRANSFER_PATHS } from '../../../shared/api/transfer-paths.ts';
import { defaultInterceptRequest, GUID_HEADER, riskInterceptRequest, riskInterceptResult } from '../../../shared/api/risk-intercept.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';

/** Headers a trusted CDN / proxy sets with the client's country (as get-supported-ip-country-code reads them). */
const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country'] as const;
const FORM = 'application/x-www-form-urlencoded';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * §7 risk intercepts (decision 029): the signed-in one (JSON) and default-intercept (public,
 * form-encoded `sence` with a guid header). The form parser is registered in this plugin only, so no
 * other route starts accepting forms.
 */
export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  const risk = app.services.risk;
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

  const countryOf = (request: FastifyRequest): string => {
    if (app.config.trustProxy === false) return '';
    for (const name of COUNTRY_HEADERS) {
      const value = header(request, name)?.trim().toUpperCase();
      if (value && /^[A-Z]{2}$/.test(value)) return value;
    }
    return '';
  };
  // A device id is an opaque token; anything longer or odd is treated as none.
  const guidOf = (request: FastifyRequest): string | null => {
    const g = header(request, GUID_HEADER)?.trim();
    return g && /^[A-Za-z0-9._-]{8,128}$/.test(g) ? g : null;
  };

  app.post(TRANSFER_PATHS.riskComponentIntercept, { config: { auth: 'user' }, schema: { body: riskInterceptRequest, response: { 200: okEnvelope(riskInterceptResult) } } }, async (request) =>
    ok(await risk.intercept(request.body.sence, { userId: request.auth!.id, guid: guidOf(request), country: countryOf(request) }, actorOf(request))),
  );

  app.post(TRANSFER_PATHS.riskDefaultIntercept, { config: { auth: 'public' }, schema: { body: defaultInterceptRequest, response: { 200: okEnvelope(riskInterceptResult) } } }, async (request) =>
    ok(await risk.intercept(request.body.sence, { userId: null, guid: guidOf(request), country: countryOf(request) }, actorOf(request))),
  );
};
