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

/**
 * RFC 4180 records, fed in chunks (a list of a million people is never held whole): quoted fields may
 * hold commas, doubled quotes and line breaks. A chunk ending in a quote or a carriage return keeps it
 * for the next chunk, which says what it was.
 */
class Records {
  private fields: string[] = [];
  private field = '';
  private quoted = false;
  private line = 1;
  private start = 1;
  private carry = '';

  *push(chunk: string, last = false): Generator<{ line: number; fields: string[] }> {
    let text = this.carry + chunk;
    this.carry = '';
    if (!last && (text.endsWith('"') || text.endsWith('\r'))) {
      this.carry = text.slice(-1);
      text = text.slice(0, -1);
    }
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.quoted) {
        if (c === '"' && text[i + 1] === '"') {
          this.field += '"';
          i++;
        } else if (c === '"') this.quoted = false;
        else {
          if (c === '\n') this.line++;
          this.field += c;
        }
        continue;
      }
      if (c === '"' && this.field === '') this.quoted = true;
      else if (c === ',') {
        this.fields.push(this.field);
        this.field = '';
      } else if (c === '\n' || c === '\r') {
        if (c === '\r' && text[i + 1] === '\n') i++;
        this.fields.push(this.field);
        yield { line: this.start, fields: this.fields };
        this.fields = [];
        this.field = '';
        this.line++;
        this.start = this.line;
      } else this.field += c;
    }
    if (!last) return;
    if (this.quoted) throw new ListFileError(this.start, P.QUOTE_NOT_CLOSED, 'a quoted field is not closed');
    if (this.field !== '' || this.fields.length > 0) {
      this.fields.push(this.field);
      yield { line: this.start, fields: this.fields };
    }
  }
}

const split = (v: string) => v.split(';').map((s) => s.trim()).filter(Boolean);

/**
 * Reads a list file chunk by chunk (decision 038: streamed from disk or an upload); `push` returns
 * the entries its chunk completed, `end` the rest. Throws ListFileError on the first problem, so the
 * caller's transaction refuses the file whole.
 */
export class ListFileReader {
  private readonly records = new Records();
  private readonly seen = new Set<string>();
  private header = true;
  private first = true;
  count = 0;

  push(chunk: string): ListEntry[] {
    const text = this.first && chunk.startsWith('\uFEFF') ? chunk.slice(1) : chunk;
    this.first = false;
    return this.take(this.records.push(text));
  }

  end(): ListEntry[] {
    const out = this.take(this.records.push('', true));
    if (this.header) throw new ListFileError(1, P.EMPTY_FILE, 'the file is empty');
    if (this.count === 0) throw new ListFileError(1, P.NO_PERSONS, 'the file has no Person entries');
    return out;
  }

  private take(records: Iterable<{ line: number; fields: string[] }>): ListEntry[] {
    const entries: ListEntry[] = [];
    for (const { line, fields } of records) {
      if (this.header) {
        const got = fields.map((f) => f.trim()).join(',');
        if (got !== LIST_COLUMNS.join(',')) throw new ListFileError(line, P.HEADER, `the header must be the OpenSanctions simple CSV columns "${LIST_COLUMNS.join(',')}", found "${got.slice(0, 200)}"`, got.slice(0, 200));
        this.header = false;
        continue;
      }
      if (fields.length === 1 && fields[0] === '') continue; // a blank line
      if (fields.length !== LIST_COLUMNS.length) throw new ListFileError(line, P.COLUMNS, `expected ${LIST_COLUMNS.length} columns, found ${fields.length}`, String(fields.length));
      const row = Object.fromEntries(LIST_COLUMNS.map((c, i) => [c, fields[i]!.trim()])) as Record<(typeof LIST_COLUMNS)[number], string>;
      if (!row.id) throw new ListFileError(line, P.EMPTY_ID, 'the id is empty');
      if (this.seen.has(row.id)) throw new ListFileError(line, P.DUPLICATE_ID, `the id "${row.id}" appears twice`, row.id);
      this.seen.add(row.id);
      if (!row.schema) throw new ListFileError(line, P.EMPTY_SCHEMA, 'the schema is empty');
      if (!SCREENED_SCHEMAS.has(row.schema)) continue;
      if (!row.name) throw new ListFileError(line, P.EMPTY_NAME, 'the name is empty');
      const birthDates = split(row.birth_date);
      const badDate = birthDates.find((d) => !/^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/.test(d));
      if (badDate) throw new ListFileError(line, P.BIRTH_DATE, `the birth date "${badDate}" is not YYYY, YYYY-MM or YYYY-MM-DD`, badDate);
      entries.push({ id: row.id, schema: row.schema, name: row.name, aliases: split(row.aliases), birthDates, countries: split(row.countries), sanctions: row.sanctions, dataset: row.dataset, lastChange: row.last_change });
      if (++this.count > MAX_ENTRIES) throw new ListFileError(line, P.TOO_MANY, `more than ${MAX_ENTRIES} entries`, String(MAX_ENTRIES));
    }
    return entries;
  }
}

/** Parses a whole file; throws ListFileError on the first problem. */
export function parseListFile(text: string): ListEntry[] {
  const reader = new ListFileReader();
  return [...reader.push(text), ...reader.end()];
}
