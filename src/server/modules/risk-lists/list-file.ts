import { RISK_LIST_FORMAT, RiskListProblem, type RiskList, type RiskListDocument } from '../../../shared/api/risk-lists.ts';
import { COUNTRY_CODES } from '../../../shared/country-codes.ts';

/** A refused file: the kind of problem, where (a JSON path such as `lists[1].countries[3]`), the value, and the English sentence. */
export class RiskListFileError extends Error {
  readonly kind: RiskListProblem;
  readonly at: string;
  readonly value: string;
  readonly problem: string;
  constructor(kind: RiskListProblem, at: string, value: string, problem: string) {
    super(`${at}: ${problem}`);
    this.kind = kind;
    this.at = at;
    this.value = value;
    this.problem = problem;
  }
}

const KNOWN: ReadonlySet<string> = new Set(COUNTRY_CODES);
const CODE = /^[A-Z][A-Z0-9_]{1,63}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_LISTS = 20;
const LIST_KEYS = ['code', 'name', 'sourceUrl', 'publishedOn', 'countries'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '').slice(0, 100);

function field(at: string, value: unknown, problem: string): never {
  throw new RiskListFileError(RiskListProblem.FIELD, at, text(value), problem);
}

function string(obj: Record<string, unknown>, key: string, at: string, max: number): string {
  const v = obj[key];
  if (typeof v !== 'string' || v.trim() === '' || v.length > max) field(`${at}.${key}`, v, `must be a text of 1 to ${max} characters`);
  return v.trim();
}

/** A real calendar date, not after `today` (a list cannot be published in the future). */
function date(v: string, at: string, today: string): string {
  const m = DATE.exec(v);
  const d = m ? new Date(`${v}T00:00:00Z`) : null;
  if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) throw new RiskListFileError(RiskListProblem.DATE, at, v, 'must be a date YYYY-MM-DD');
  if (v > today) throw new RiskListFileError(RiskListProblem.FUTURE_DATE, at, v, 'is in the future');
  return v;
}

function sourceUrl(v: string, at: string): string {
  const url = URL.canParse(v) ? new URL(v) : null;
  // Shown to administrators as a link: only a plain https address, never a script or data URL.
  if (!url || url.protocol !== 'https:' || url.username !== '' || url.password !== '') throw new RiskListFileError(RiskListProblem.SOURCE_URL, at, v, 'must be an https address');
  return url.toString();
}

function list(v: unknown, at: string, today: string): RiskList {
  if (!isObject(v)) field(at, v, 'must be an object');
  const extra = Object.keys(v).find((k) => !LIST_KEYS.includes(k));
  if (extra) field(`${at}.${extra}`, extra, 'is not a field of a list');
  const code = string(v, 'code', at, 64);
  if (!CODE.test(code)) field(`${at}.code`, code, 'must be upper-case letters, digits and _');
  const countries = v.countries;
  if (!Array.isArray(countries) || countries.length === 0 || countries.length > KNOWN.size) field(`${at}.countries`, countries, 'must be a non-empty list of country codes');
  const seen = new Set<string>();
  countries.forEach((c, i) => {
    if (typeof c !== 'string' || !KNOWN.has(c)) throw new RiskListFileError(RiskListProblem.UNKNOWN_COUNTRY, `${at}.countries[${i}]`, text(c), 'is not an ISO 3166-1 alpha-2 country code (upper case)');
    if (seen.has(c)) throw new RiskListFileError(RiskListProblem.DUPLICATE_COUNTRY, `${at}.countries[${i}]`, c, 'is listed twice');
    seen.add(c);
  });
  return {
    code,
    name: string(v, 'name', at, 200),
    sourceUrl: sourceUrl(string(v, 'sourceUrl', at, 500), `${at}.sourceUrl`),
    publishedOn: date(string(v, 'publishedOn', at, 10), `${at}.publishedOn`, today),
    countries: [...seen].sort(),
  };
}

/**
 * Reads a country risk list file (decision 041): JSON `{ format, reflects, lists: [{ code, name,
 * sourceUrl, publishedOn, countries }] }`. Anything else is refused whole with where and why, so a
 * half-read file never replaces the lists in use. `today` (YYYY-MM-DD) bounds the publication dates.
 */
export function parseRiskListFile(input: string, today: string): RiskListDocument {
  let doc: unknown;
  try {
    doc = JSON.parse(input.replace(/^\uFEFF/, ''));
  } catch {
    throw new RiskListFileError(RiskListProblem.NOT_JSON, '$', '', 'is not JSON');
  }
  if (!isObject(doc) || doc.format !== RISK_LIST_FORMAT) throw new RiskListFileError(RiskListProblem.FORMAT, '$.format', isObject(doc) ? text(doc.format) : '', `must be "${RISK_LIST_FORMAT}"`);
  const extra = Object.keys(doc).find((k) => !['format', 'reflects', 'lists', 'note'].includes(k));
  if (extra) field(`$.${extra}`, extra, 'is not a field of the file');
  const reflects = string(doc, 'reflects', '$', 500);
  if (doc.note !== undefined && (typeof doc.note !== 'string' || doc.note.length > 2000)) field('$.note', doc.note, 'must be a text of at most 2000 characters');
  if (!Array.isArray(doc.lists) || doc.lists.length === 0 || doc.lists.length > MAX_LISTS) field('$.lists', doc.lists, `must hold 1 to ${MAX_LISTS} lists`);
  const lists = doc.lists.map((l, i) => list(l, `$.lists[${i}]`, today));
  const codes = new Set<string>();
  lists.forEach((l, i) => {
    if (codes.has(l.code)) throw new RiskListFileError(RiskListProblem.DUPLICATE_LIST, `$.lists[${i}].code`, l.code, 'is the code of an earlier list');
    codes.add(l.code);
  });
  return { format: RISK_LIST_FORMAT, reflects, lists };
}

/** The oldest publication date among the lists: how current the file is as a whole. */
export const oldestPublication = (doc: RiskListDocument): string => doc.lists.map((l) => l.publishedOn).sort()[0]!;

/** Every country on any list, sorted: who the EDD country rules look for. */
export const countriesOf = (doc: RiskListDocument): string[] => [...new Set(doc.lists.flatMap((l) => l.countries))].sort();
