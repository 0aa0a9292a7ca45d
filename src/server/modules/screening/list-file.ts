import { ScreeningListProblem as P, type ScreeningListProblem } from '../../../shared/api/screening.ts';

/**
 * The sanctions/PEP list file (decision 026): OpenSanctions' "simple CSV" targets export
 * (targets.simple.csv), one row per target, these columns in this order, list values (aliases,
 * dates of birth, countries…) separated by ';'. A file that is not this format is refused whole, with
 * the line and what is wrong, so a half-read list never replaces a good one.
 */
export const LIST_COLUMNS = [
  'id', 'schema', 'name', 'aliases', 'birth_date', 'countries', 'addresses', 'identifiers',
  'sanctions', 'phones', 'emails', 'dataset', 'first_seen', 'last_seen', 'last_change',
] as const;

/** One list entry, as screening uses it (the other columns are kept for the reviewer). */
export interface ListEntry {
  id: string;
  schema: string;
  name: string;
  aliases: string[];
  birthDates: string[];
  countries: string[];
  sanctions: string;
  dataset: string;
  lastChange: string;
}

/**
 * Why a file was refused: the line (1 = header), the kind of problem (the console translates it, with
 * `value`) and a sentence an administrator can act on (the command line prints it).
 */
export class ListFileError extends Error {
  readonly line: number;
  readonly kind: ScreeningListProblem;
  readonly value: string;
  readonly problem: string;
  constructor(line: number, kind: ScreeningListProblem, problem: string, value = '') {
    super(`screening list, line ${line}: ${problem}`);
    this.line = line;
    this.kind = kind;
    this.value = value;
    this.problem = problem;
  }
}

/** Only people are screened against users' names: companies, vessels and the like are skipped. */
const SCREENED_SCHEMAS = new Set(['Person']);
/** A full OpenSanctions export has a few hundred thousand targets; beyond this something is wrong. */
export const MAX_ENTRIES = 2_000_000;

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function* records(text: string): Generator<{ line: number; fields: string[] }> {
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      yield { line: start, fields };
      fields = [];
      field = '';
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) throw new ListFileError(start, P.QUOTE_NOT_CLOSED, 'a quoted field is not closed');
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    yield { line: start, fields };
  }
}

const split = (v: string) => v.split(';').map((s) => s.trim()).filter(Boolean);

/** Parses a whole file; throws ListFileError on the first problem. */
export function parseListFile(text: string): ListEntry[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const entries: ListEntry[] = [];
  const seen = new Set<string>();
  let header = true;
  for (const { line, fields } of records(body)) {
    if (header) {
      const got = fields.map((f) => f.trim()).join(',');
      if (got !== LIST_COLUMNS.join(',')) throw new ListFileError(line, P.HEADER, `the header must be the OpenSanctions simple CSV columns "${LIST_COLUMNS.join(',')}", found "${got.slice(0, 200)}"`, got.slice(0, 200));
      header = false;
      continue;
    }
    if (fields.length === 1 && fields[0] === '') continue; // a blank line
    if (fields.length !== LIST_COLUMNS.length) throw new ListFileError(line, P.COLUMNS, `expected ${LIST_COLUMNS.length} columns, found ${fields.length}`, String(fields.length));
    const row = Object.fromEntries(LIST_COLUMNS.map((c, i) => [c, fields[i]!.trim()])) as Record<(typeof LIST_COLUMNS)[number], string>;
    if (!row.id) throw new ListFileError(line, P.EMPTY_ID, 'the id is empty');
    if (seen.has(row.id)) throw new ListFileError(line, P.DUPLICATE_ID, `the id "${row.id}" appears twice`, row.id);
    seen.add(row.id);
    if (!row.schema) throw new ListFileError(line, P.EMPTY_SCHEMA, 'the schema is empty');
    if (!SCREENED_SCHEMAS.has(row.schema)) continue;
    if (!row.name) throw new ListFileError(line, P.EMPTY_NAME, 'the name is empty');
    const birthDates = split(row.birth_date);
    const badDate = birthDates.find((d) => !/^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/.test(d));
    if (badDate) throw new ListFileError(line, P.BIRTH_DATE, `the birth date "${badDate}" is not YYYY, YYYY-MM or YYYY-MM-DD`, badDate);
    entries.push({
      id: row.id,
      schema: row.schema,
      name: row.name,
      aliases: split(row.aliases),
      birthDates,
      countries: split(row.countries),
      sanctions: row.sanctions,
      dataset: row.dataset,
      lastChange: row.last_change,
    });
    if (entries.length > MAX_ENTRIES) throw new ListFileError(line, P.TOO_MANY, `more than ${MAX_ENTRIES} entries`, String(MAX_ENTRIES));
  }
  if (header) throw new ListFileError(1, P.EMPTY_FILE, 'the file is empty');
  if (entries.length === 0) throw new ListFileError(1, P.NO_PERSONS, 'the file has no Person entries');
  return entries;
}
