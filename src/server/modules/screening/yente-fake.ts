import { startFakeServer, type FakeReply, type FakeRequest, type RunningFake } from '../providers/providers.service.ts';
import type { ListEntry } from './list-file.ts';
import { dobAgreement, nameScore } from './name-match.ts';

/**
 * A local stand-in for OpenSanctions' yente (decision 043), in the vendor fakes' style: its own origin
 * on 127.0.0.1 speaking yente's paths and JSON as yente's code defines them (yente/routers/match.py,
 * yente/routers/admin.py, yente/data/common.py): `POST /match/{dataset}` (threshold, limit, algorithm;
 * 404 for an unknown dataset, 422 for a query without a schema, 400 for no queries), `GET /catalog`,
 * `/healthz`, `/readyz`, and — when given a key — OpenSanctions' hosted `Authorization: ApiKey …`.
 * Its scores are 0–1 from our own name score with a penalty for disjoint dates of birth (yente's
 * logic scores differently; what matters here is the shape, the threshold and the `match` flag).
 * For tests and demo mode only: nothing in production starts it.
 */

/** An entity as yente returns it (FollowTheMoney: every property a list of strings). */
export interface FakeEntity {
  id: string;
  caption: string;
  schema: string;
  properties: Record<string, string[]>;
  datasets: string[];
  referents: string[];
  target: boolean;
  first_seen: string | null;
  last_seen: string | null;
  last_change: string | null;
}

/** A simple-CSV list entry (decision 026) as the entity yente would hold for it. */
export function entityOf(e: ListEntry): FakeEntity {
  return {
    id: e.id,
    caption: e.name,
    schema: e.schema,
    properties: {
      name: [e.name],
      ...(e.aliases.length ? { alias: e.aliases } : {}),
      ...(e.birthDates.length ? { birthDate: e.birthDates } : {}),
      ...(e.countries.length ? { nationality: e.countries } : {}),
      topics: [e.sanctions ? 'sanction' : 'role.pep'],
    },
    datasets: [e.dataset],
    referents: [],
    target: true,
    first_seen: null,
    last_seen: null,
    last_change: e.lastChange || null,
  };
}

const SCHEMATA = new Set(['Thing', 'LegalEntity', 'Person', 'Organization', 'Company', 'Vessel', 'Airplane']);
/** yente's defaults (settings.py): SCORE_THRESHOLD, MATCH_PAGE, MAX_MATCHES. */
const DEFAULT_THRESHOLD = 0.7;
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 500;
/** Roughly yente's logic-v1 weight for a year of birth that disagrees. */
const DOB_PENALTY = 0.15;

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);
const detail = (status: number, message: unknown): FakeReply => ({ status, body: { detail: message } });

export interface YenteFake extends RunningFake {
  /** The dataset's version in /catalog (a new one is what yente shows after indexing new data). */
  setVersion(version: string): void;
  setEntities(entities: readonly FakeEntity[]): void;
  /** The JSON bodies POSTed to /match, in order (tests check what was sent). */
  readonly matchBodies: unknown[];
}

export async function startYenteFake({ dataset = 'default', version = '20261101000000-aaa', entities = [], apiKey }: { dataset?: string; version?: string; entities?: readonly FakeEntity[]; apiKey?: string } = {}): Promise<YenteFake> {
  let current = version;
  let data = [...entities];
  const matchBodies: unknown[] = [];

  const authorized = (r: FakeRequest): FakeReply | null => {
    if (!apiKey) return null;
    const header = String(r.headers.authorization ?? '');
    if (!header) return detail(401, 'No API key provided.');
    return header === `ApiKey ${apiKey}` ? null : detail(403, 'Invalid API key.');
  };

  function score(entity: FakeEntity, names: string[], dates: string[]): number {
    const candidates = [...(entity.properties.name ?? []), ...(entity.properties.alias ?? [])];
    let best = 0;
    for (const n of names) for (const c of candidates) best = Math.max(best, nameScore(n, c) / 100);
    // The query's dates against the entity's (either may be partial): disjoint ones lower the score.
    if (dates.some((d) => dobAgreement(d, entity.properties.birthDate ?? []) === 'MISMATCH')) best -= DOB_PENALTY;
    return Math.max(0, Math.round(best * 1000) / 1000);
  }

  const fake = await startFakeServer(
    [
      { method: 'GET', pattern: '/healthz', handler: () => ({ status: 200, body: { status: 'ok' } }) },
      { method: 'GET', pattern: '/readyz', handler: () => ({ status: 200, body: { status: 'ok' } }) },
      {
        method: 'GET',
        pattern: '/catalog',
        handler: (r) =>
          authorized(r) ?? {
            status: 200,
            body: {
              datasets: [
                { name: dataset, title: `${dataset} (local fake)`, version: current, load: true, index_version: current, index_current: true, entity_count: data.length, children: [...new Set(data.flatMap((e) => e.datasets))] },
                ...[...new Set(data.flatMap((e) => e.datasets))].map((name) => ({ name, title: name, version: current, load: false, index_version: null, index_current: false })),
              ],
              current: [dataset],
              outdated: [],
              index_stale: false,
            },
          },
      },
      {
        method: 'POST',
        pattern: '/match/:dataset',
        handler: (r, params) => {
          const refused = authorized(r);
          if (refused) return refused;
          if (params.dataset !== dataset) return detail(404, 'Dataset not found.');
          const threshold = Number(r.query.get('threshold') ?? DEFAULT_THRESHOLD);
          const limit = Number(r.query.get('limit') ?? DEFAULT_LIMIT);
          if (!Number.isFinite(threshold) || !Number.isInteger(limit) || limit > MAX_LIMIT) return detail(422, [{ loc: ['query'], msg: 'invalid query parameter', type: 'value_error' }]);
          // The deprecated cutoff: never above the threshold (match.py).
          const cutoff = Math.min(Number(r.query.get('cutoff') ?? DEFAULT_THRESHOLD), threshold);
          let body: { queries?: Record<string, { schema?: unknown; properties?: Record<string, unknown> } | null> };
          try {
            body = JSON.parse(r.body.toString('utf8')) as typeof body;
          } catch {
            return detail(422, [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }]);
          }
          matchBodies.push(body);
          if (!body || typeof body.queries !== 'object' || body.queries === null) return detail(422, [{ loc: ['body', 'queries'], msg: 'Field required', type: 'missing' }]);
          const queries = Object.entries(body.queries).filter(([, q]) => q !== null);
          for (const [key, q] of queries) if (typeof q?.schema !== 'string') return detail(422, [{ loc: ['body', 'queries', key, 'schema'], msg: 'Field required', type: 'missing' }]);
          for (const [, q] of queries) if (!SCHEMATA.has(q!.schema as string)) return detail(400, `Cannot parse example entity: invalid schema ${String(q!.schema)}`);
          if (queries.length === 0) return detail(400, 'No queries provided.');
          const responses = Object.fromEntries(
            queries.map(([key, q]) => {
              const names = asList(q!.properties?.name);
              const dates = asList(q!.properties?.birthDate);
              const scored = data
                .filter((e) => e.schema === q!.schema || (q!.schema === 'LegalEntity' && e.schema === 'Person'))
                .map((e) => ({ e, s: score(e, names, dates) }))
                .filter(({ s }) => s >= cutoff)
                .sort((a, b) => b.s - a.s);
              const results = scored.slice(0, limit).map(({ e, s }) => ({ ...e, score: s, match: s >= threshold, explanations: {} }));
              return [key, { status: 200, results, total: { value: scored.length, relation: 'eq' }, query: { id: null, schema: q!.schema, properties: q!.properties ?? {} } }];
            }),
          );
          return { status: 200, body: { responses, limit }, headers: { 'x-batch-size': String(queries.length) } };
        },
      },
    ],
    // The health checks answer even when the API is made to fail.
    { isApi: (path) => path === '/catalog' || path.startsWith('/match/') },
  );
  return {
    ...fake,
    matchBodies,
    setVersion: (v) => {
      current = v;
    },
    setEntities: (list) => {
      data = [...list];
    },
  };
}
