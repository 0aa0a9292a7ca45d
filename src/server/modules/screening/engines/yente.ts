import { z } from 'zod';
import type { ScreeningHit } from '../../../../shared/api/screening.ts';
import type { YenteConfig } from '../../../screening-config.ts';
import { yenteListOf, yenteListSource, type RemoteList, type ScreenedPerson, type ScreeningEngine } from '../engine.ts';
import { dobAgreement, prepareName, scoreParts } from '../name-match.ts';

/**
 * OpenSanctions' yente as the screening engine (decision 043). Its wire format, as its code defines it
 * (yente/routers/match.py, yente/data/common.py):
 * - `POST /match/{dataset}?threshold=&limit=[&algorithm=]` with `{ queries: { <key>: { schema,
 *   properties: { name: [...], birthDate: [...], nationality: [...] } } } }`; the answer is
 *   `{ responses: { <key>: { status, results: [{ id, caption, schema, properties, datasets, referents,
 *   target, first_seen, last_seen, last_change, score (0–1), match, explanations }], total: { value,
 *   relation }, query } }, limit }`; `match` is `score >= threshold`.
 * - `GET /catalog`: `{ datasets: [{ name, title, version, index_version, index_current, entity_count,
 *   … }], current, outdated, index_stale }`.
 * A self-hosted yente has no authentication; OpenSanctions' hosted API takes `Authorization: ApiKey …`.
 * What yente answers is untrusted input: size-capped, time-limited, no redirects, checked with zod.
 */

/** Largest reply read: ten results with every property are a few hundred KB at most. */
export const YENTE_MAX_BYTES = 4 * 1024 * 1024;
/** Results asked for per person: more than a reviewer compares, few enough to store with a match. */
export const YENTE_LIMIT = 10;
/** The key of our one query in a batch (never the user's id: yente logs what it is sent). */
const QUERY_KEY = 'person';
/** Values kept per property of a hit (evidence stored with a match stays bounded). */
const MAX_VALUES = 50;

export class YenteError extends Error {
  override name = 'YenteError';
}

const text = z.string().max(2000);
/** A property's values: strings, or nested entities (nested=true) which we do not use. */
const values = z.array(z.union([text, z.record(z.string(), z.unknown())])).max(5000);

const result = z.object({
  id: z.string().min(1).max(300),
  caption: z.string().max(2000),
  schema: z.string().min(1).max(100),
  properties: z.record(z.string().max(100), values),
  datasets: z.array(z.string().max(200)).max(1000).default([]),
  last_change: z.string().max(40).nullish(),
  score: z.number().min(0).max(1),
  match: z.boolean(),
});
const matchReply = z.object({
  responses: z.record(
    z.string(),
    z.object({ status: z.number().int().optional(), results: z.array(result).max(1000), total: z.unknown().optional(), query: z.unknown().optional() }),
  ),
  limit: z.number().int().optional(),
});
const catalogReply = z.object({
  datasets: z
    .array(
      z.object({
        name: z.string().max(200),
        version: z.string().max(200).nullish(),
        index_version: z.string().max(200).nullish(),
        entity_count: z.number().int().min(0).nullish(),
      }),
    )
    .max(10_000),
});
type YenteResult = z.output<typeof result>;

/** A dataset version is a label we store and show (e.g. `20250601120102-abc`). */
const DATASET_VERSION = /^[A-Za-z0-9._:+-]{1,100}$/;

const strings = (r: YenteResult, ...props: string[]) =>
  [...new Set(props.flatMap((p) => (r.properties[p] ?? []).filter((v): v is string => typeof v === 'string').map((v) => v.trim()).filter(Boolean)))].slice(0, MAX_VALUES);

/** Reads at most `max` bytes of a reply (a stream that goes beyond is cut off and refused). */
async function readCapped(response: Response, max: number): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > max) {
    await response.body?.cancel();
    throw new YenteError(`reply larger than ${max} bytes`);
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new YenteError(`reply larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One yente result as the hit stored with a match: our 0–100 scale (yente's score × 100), the entity's
 * names, dates of birth, countries and topics, its datasets, its last change (a reviewer's clearing
 * holds until it changes), and the name closest to ours.
 */
export function hitOf(r: YenteResult, person: ScreenedPerson): ScreeningHit {
  const names = strings(r, 'name', 'alias');
  const name = r.caption.trim() || names[0] || r.id;
  const birthDates = strings(r, 'birthDate')
    .map((d) => d.slice(0, 10))
    .filter((d) => /^\d{4}(-\d{2}){0,2}$/.test(d));
  // The closest of its names to ours (yente does not say which one matched): best score, then the
  // word-order score, so "Viktor Drachenko" is preferred over a longer name containing it.
  const ours = prepareName(person.name);
  let matchedName = name;
  let best = -1;
  for (const n of [name, ...names]) {
    const { sort, set } = scoreParts(ours, prepareName(n));
    const s = Math.max(sort, set) * 1000 + sort;
    if (s > best) [best, matchedName] = [s, n];
  }
  return {
    entryId: r.id,
    name,
    aliases: names.filter((n) => n !== name),
    birthDates,
    countries: strings(r, 'nationality', 'citizenship', 'country').filter((c) => c.length <= 10),
    sanctions: strings(r, 'topics').join(', '),
    dataset: r.datasets.join(', '),
    lastChange: r.last_change ?? '',
    score: Math.round(r.score * 100),
    matchedName,
    dob: dobAgreement(person.dateOfBirth, birthDates),
  };
}

export function createYenteEngine(config: YenteConfig, { fetch: fetchImpl = fetch }: { fetch?: typeof fetch } = {}): ScreeningEngine & { remoteList(): Promise<RemoteList> } {
  const base = config.url;
  const headers: Record<string, string> = { accept: 'application/json', ...(config.apiKey ? { authorization: `ApiKey ${config.apiKey}` } : {}) };

  async function call<S extends z.ZodType>(path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    const what = `${body === undefined ? 'GET' : 'POST'} ${path.split('?')[0]}`;
    // Only a tool started in demo mode without the fake gets here (config.ts refuses it otherwise).
    if (!base) throw new YenteError('no YENTE_URL: yente cannot be asked');
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
        // A redirect could carry the API key and the names elsewhere.
        redirect: 'error',
      });
    } catch (err) {
      throw new YenteError(`yente ${what} did not answer (${(err as Error).name === 'TimeoutError' ? `timeout after ${config.timeoutMs} ms` : 'network error'})`, { cause: err });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new YenteError(`yente ${what} answered HTTP ${response.status}${response.status === 401 || response.status === 403 ? ' (YENTE_API_KEY refused or missing)' : ''}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(await readCapped(response, YENTE_MAX_BYTES));
    } catch (err) {
      if (err instanceof YenteError) throw new YenteError(`yente ${what}: ${err.message}`);
      throw new YenteError(`yente ${what} answered something that is not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new YenteError(`yente ${what} answered an unexpected shape: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'reply'} ${i.message}`).join('; ')}`);
    }
    return parsed.data;
  }

  return {
    kind: 'yente',
    async hitsFor(_q, list, person) {
      // A list version loaded from a file (or another dataset's) is not what yente answers for.
      const served = yenteListOf(list);
      if (!served || served.dataset !== config.dataset) throw new YenteError(`list version ${list.version} (${list.source}) is not yente's ${config.dataset}: waiting for the catalog check to record yente's version`);
      const properties: Record<string, string[]> = { name: [person.name] };
      if (person.dateOfBirth) properties.birthDate = [person.dateOfBirth];
      if (person.nationality) properties.nationality = [person.nationality.toLowerCase()];
      const query = new URLSearchParams({ threshold: String(config.threshold), limit: String(YENTE_LIMIT) });
      if (config.algorithm) query.set('algorithm', config.algorithm);
      const reply = await call(`/match/${encodeURIComponent(config.dataset)}?${query}`, matchReply, { queries: { [QUERY_KEY]: { schema: 'Person', properties } } });
      const ours = reply.responses[QUERY_KEY];
      if (!ours) throw new YenteError('yente answered without our query');
      if (ours.status !== undefined && ours.status !== 200) throw new YenteError(`yente answered our query with status ${ours.status}`);
      // A hit: yente's match at our threshold (checked again here: the flag is yente's), and a date of
      // birth that does not contradict ours — the rule of decision 026, the same for both engines.
      return ours.results
        .filter((r) => r.schema === 'Person' && r.match && r.score >= config.threshold)
        .map((r) => hitOf(r, person))
        .filter((h) => h.dob !== 'MISMATCH')
        .sort((a, b) => b.score - a.score);
    },
    async remoteList() {
      const catalog = await call('/catalog', catalogReply);
      const ds = catalog.datasets.find((d) => d.name === config.dataset);
      if (!ds) throw new YenteError(`yente's catalog has no dataset ${config.dataset} (YENTE_DATASET)`);
      // What yente searches is the indexed version; `version` is what its manifest offers.
      const datasetVersion = ds.index_version ?? ds.version ?? null;
      if (!datasetVersion) throw new YenteError(`yente has not indexed ${config.dataset} yet`);
      if (!DATASET_VERSION.test(datasetVersion)) throw new YenteError(`yente's catalog gives ${config.dataset} an unexpected version`);
      return { source: yenteListSource(config.dataset, datasetVersion), dataset: config.dataset, datasetVersion, entryCount: ds.entity_count ?? 0 };
    },
  };
}
