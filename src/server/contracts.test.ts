import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LivenessPath } from '../shared/api/liveness-paths.ts';
import { AccountPagePath } from '../shared/api/account-page-paths.ts';
import { CapturePath } from '../shared/api/capture-paths.ts';
import { ConsolePath } from '../shared/api/console-paths.ts';
import { API_PREFIX, ApiPath as FirstPagePaths } from '../shared/api/paths.ts';
import { IntegrationPath, PartnerConsolePath } from '../shared/integration-paths.ts';
import { TRANSFER_PATHS } from '../shared/api/transfer-paths.ts';
import { WebhookPath } from '../shared/api/webhooks.ts';
import { routeTable, type ApiRoute } from './test/route-table.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * One contract per endpoint (ARCHITECTURE §7, decision 012): every ApiPath has a route, every /x-api
 * route has an ApiPath, declares a schema for the input it takes and a reply schema built by
 * okEnvelope(result). The exceptions are named here, each with its reason.
 */

/**
 * Every path table: ApiPath, and those kept out of it so the first page, which carries ApiPath, does
 * not grow with them: the console's, the capture's and the identity transfer's calls (issue 32), the liveness paths (decision 023), the integration calls and the console's
 * businesses (decision 033).
 */
const ApiPath = { ...FirstPagePaths, ...ConsolePath, ...CapturePath, ...AccountPagePath, ...TRANSFER_PATHS, ...LivenessPath, ...IntegrationPath, ...PartnerConsolePath, ...WebhookPath };
type PathName = keyof typeof ApiPath;

/** Path constants that are the prefix of a route ending in an id parameter. */
const ROUTE_OF_PREFIX: Partial<Record<PathName, string>> = {
  document: `${ApiPath.document}/:id`,
  consoleDocument: `${ApiPath.consoleDocument}/:id`,
  integrationDocument: `${ApiPath.integrationDocument}/:id`,
  consoleLivenessFrame: `${ApiPath.consoleLivenessFrame}/:id`,
};

/**
 * Routes whose reply is not a JSON envelope: the document image itself, sent as an attachment
 * (decision 006), a liveness check's frame (decision 023), and a case's ZIP archive for a regulator (decision 018). Their parameters have a schema; a reply schema would have nothing to describe.
 */
const NON_JSON_REPLIES = new Set([`GET ${ApiPath.document}/:id`, `GET ${ApiPath.integrationDocument}/:id`, `GET ${ApiPath.consoleDocument}/:id`, `GET ${ApiPath.consoleLivenessFrame}/:id`, `GET ${ApiPath.consoleCaseExport}`]);

/** POST routes without a body schema, and why. */
const POST_WITHOUT_BODY_SCHEMA: Record<string, string> = {
  [`POST ${ApiPath.logout}`]: 'takes no input (the session cookie says whose session ends)',
  [`POST ${ApiPath.uploadDocument}`]: 'multipart: read part by part (size limit while streaming), fields checked by uploadDocumentFields',
  [`POST ${ApiPath.integrationUploadDocument}`]: 'the same multipart handler as upload-document (SDK variant)',
  [`POST ${ApiPath.handoffUpload}`]: 'multipart, as upload-document: fields checked by handoffUploadFields',
  [`POST ${ApiPath.uploadQuestionnaireEvidence}`]: 'multipart: read part by part (size limit while streaming), fields checked by uploadEvidenceFields',
  [`POST ${ApiPath.uploadRfiDocument}`]: 'multipart, as upload-questionnaire-evidence: fields checked by uploadRfiDocumentFields',
  [`POST ${ApiPath.consoleScreeningList}`]: 'multipart: one CSV file under `file`, read part by part (size limit while streaming); its content checked by the list parser, line by line',
  [`POST ${ApiPath.consoleRiskLists}`]: 'multipart: one JSON file under `file`, no other field (size limit while streaming); its content checked by the risk-list parser (where and why)',
};

/** Registered only for browser tests (fault injection), and leaving ApiPath in another change. */
const NOT_IN_THE_PRODUCTION_APP = ['testFaults'];

// By name, as strings: a name that leaves ApiPath simply stops exempting anything.
const exempt = new Set(NOT_IN_THE_PRODUCTION_APP.flatMap((name) => (name in ApiPath ? [(ApiPath as Record<string, string>)[name]!] : [])));
const routePathOf = (name: PathName) => ROUTE_OF_PREFIX[name] ?? ApiPath[name];
const pathOf = (route: ApiRoute) => route.url.slice(API_PREFIX.length);
const keyOf = (route: ApiRoute) => `${route.method} ${pathOf(route)}`;

let close: () => Promise<void>;
let routes: ApiRoute[];
const table = routeTable();

beforeAll(async () => {
  ({ close } = await createTestApp({}, undefined, { plugins: [table.plugin] }));
  routes = table.routes.filter((r) => !exempt.has(pathOf(r)));
});
afterAll(async () => close());

describe('API contracts', () => {
  it('sees the routes (the table is not empty by accident)', () => {
    expect(routes.map(keyOf)).toEqual(expect.arrayContaining([`POST ${ApiPath.kycInfo}`, `GET ${ApiPath.profile}`, `GET ${ApiPath.document}/:id`]));
  });

  it('every path constant has a registered route', () => {
    const registered = new Set(table.routes.map(pathOf));
    const missing = (Object.keys(ApiPath) as PathName[]).filter((name) => !exempt.has(ApiPath[name]) && !registered.has(routePathOf(name)));
    expect(missing).toEqual([]);
  });

  it('every route has a path constant', () => {
    const known = new Set((Object.keys(ApiPath) as PathName[]).map(routePathOf));
    expect(routes.filter((r) => !known.has(pathOf(r))).map(keyOf)).toEqual([]);
  });

  it('every route declares a reply contract: the success envelope around its result schema', () => {
    const withoutContract = routes.filter((r) => !NON_JSON_REPLIES.has(keyOf(r))).filter((r) => {
      const reply = (r.schema?.response as Record<string, unknown> | undefined)?.[200];
      return !(reply instanceof z.ZodObject) || Object.keys(reply.shape).join() !== 'ret_code,ret_msg,result';
    });
    expect(withoutContract.map(keyOf)).toEqual([]);
  });

  it('every route declares a schema for the input it takes', () => {
    const missing = routes.flatMap((r) => {
      const problems: string[] = [];
      if (r.method === 'POST' && !r.schema?.body && !(keyOf(r) in POST_WITHOUT_BODY_SCHEMA)) problems.push(`${keyOf(r)}: body`);
      if (r.url.includes('/:') && !r.schema?.params) problems.push(`${keyOf(r)}: params`);
      return problems;
    });
    expect(missing).toEqual([]);
  });

  it('the exceptions are still real (a stale entry hides nothing)', () => {
    const keys = new Set(table.routes.map(keyOf));
    expect([...NON_JSON_REPLIES, ...Object.keys(POST_WITHOUT_BODY_SCHEMA)].filter((k) => !keys.has(k))).toEqual([]);
  });
});
