import anyAscii from 'any-ascii';
import { token_set_ratio, token_sort_ratio } from 'fuzzball';

/**
 * Fuzzy name matching for AML screening (decision 026). Names are transliterated to ASCII first
 * (any-ascii: Cyrillic, Greek, Arabic, accents… all become Latin letters, so "Иван Петров" and
 * "Ivan Petrov" compare), lower-cased and stripped of punctuation; then fuzzball's token-sort ratio
 * (word order does not matter: "Petrov Ivan") and token-set ratio (a middle name on one side only)
 * give a 0–100 score. The date of birth, when both sides have one, confirms or rules out a hit.
 */

/** A name reduced to what is compared: ASCII, lower case, single spaces, no punctuation. */
export function normalizeName(name: string): string {
  return anyAscii(name)
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A name normalized once (a list's entries are compared with every screened user). */
export interface PreparedName {
  text: string;
  norm: string;
  tokens: ReadonlySet<string>;
}

export function prepareName(text: string): PreparedName {
  const norm = normalizeName(text);
  return { text, norm, tokens: new Set(norm.split(' ').filter(Boolean)) };
}

// One scratch histogram for the bag-distance bound (normalized names are ASCII: a–z, 0–9, space).
const bag = new Int32Array(128);

/**
 * A lower bound of the indel distance between two strings: the characters one has more of than the
 * other. fuzzball's ratio is (total length − indel distance) / total length (python-Levenshtein's
 * substitution cost of 2), so this bounds every ratio of two strings made of the same characters —
 * the token-sort strings are — from above without aligning them.
 */
function bagDistance(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) bag[a.charCodeAt(i) & 127]!++;
  for (let i = 0; i < b.length; i++) bag[b.charCodeAt(i) & 127]!--;
  let d = 0;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i) & 127;
    d += Math.abs(bag[c]!);
    bag[c] = 0;
  }
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i) & 127;
    d += Math.abs(bag[c]!);
    bag[c] = 0;
  }
  return d;
}

/** An upper bound of the token-sort score of two normalized names, without aligning them. */
export function sortScoreBound(a: string, b: string): number {
  const total = a.length + b.length;
  return total === 0 ? 0 : Math.round((100 * (total - bagDistance(a, b))) / total);
}

/** The token-sort score (word order ignored) and the token-set score (words of one name inside the other). */
export interface ScoreParts {
  sort: number;
  set: number;
}

/**
 * The two scores of prepared names, 0–100. `floor`: a sort score that cannot reach it is answered 0
 * without aligning the names (the bag-distance bound above: exact, so a list scan and an index agree).
 * `withSet`: compute the set score only when it can count (decision 038: containment alone needs an
 * agreeing date of birth).
 */
export function scoreParts(a: PreparedName, b: PreparedName, floor = 0, withSet = true): ScoreParts {
  if (!a.norm || !b.norm) return { sort: 0, set: 0 };
  const sort = floor > 0 && sortScoreBound(a.norm, b.norm) < floor ? 0 : token_sort_ratio(a.norm, b.norm, { full_process: false });
  let set = 0;
  // token_set alone rates a one-word name inside a longer one at 100 ("ivan" in "ivan petrov"): the
  // set score counts only when both names have at least two words and share one (without a shared
  // word it equals the sort score).
  if (withSet && a.tokens.size > 1 && b.tokens.size > 1) {
    let shared = false;
    for (const t of a.tokens) if (b.tokens.has(t)) shared = true;
    if (shared) set = token_set_ratio(a.norm, b.norm, { full_process: false });
  }
  return { sort, set };
}

/** 0–100 for prepared names: the better of the sort and set scores. */
export function scorePrepared(a: PreparedName, b: PreparedName, floor = 0): number {
  const { sort, set } = scoreParts(a, b, floor);
  return Math.max(sort, set);
}

/** 0–100: how alike two names are, whatever their script and word order. */
export function nameScore(a: string, b: string): number {
  return scorePrepared(prepareName(a), prepareName(b));
}

/** How the dates of birth compare: same (or the list gives only the year and it agrees), different, or unknown on a side. */
export type DobAgreement = 'MATCH' | 'MISMATCH' | 'UNKNOWN';

/**
 * `ours` is YYYY-MM-DD; a list gives one or more dates, each YYYY, YYYY-MM or YYYY-MM-DD (sources
 * often know only the year). Any agreeing date is a match.
 */
export function dobAgreement(ours: string, listed: readonly string[]): DobAgreement {
  const dates = listed.map((d) => d.trim()).filter((d) => /^\d{4}(-\d{2}){0,2}$/.test(d));
  if (!ours || dates.length === 0) return 'UNKNOWN';
  return dates.some((d) => ours.startsWith(d)) ? 'MATCH' : 'MISMATCH';
}

/** A score at or above this is a potential match a reviewer looks at. */
export const MATCH_THRESHOLD = 88;

export interface Candidate {
  name: string;
  aliases: readonly string[];
  birthDates: readonly string[];
}

/** A list entry with its names prepared (the service keeps these per list version). */
export interface PreparedCandidate {
  names: readonly PreparedName[];
  birthDates: readonly string[];
}

export const prepareCandidate = (entry: Candidate): PreparedCandidate => ({ names: [entry.name, ...entry.aliases].map(prepareName), birthDates: entry.birthDates });

export interface MatchResult {
  /** The best score over the entry's name and aliases. */
  score: number;
  /** The entry's name or alias that scored best. */
  matchedName: string;
  dob: DobAgreement;
}

/** Every word of the shorter name is a word of the longer one ("charles woodwellbrook" in "charles lisa woodwellbrook"). */
function contains(a: PreparedName, b: PreparedName): boolean {
  if (a.tokens.size === b.tokens.size) return false;
  const [short, long] = a.tokens.size < b.tokens.size ? [a, b] : [b, a];
  for (const t of short.tokens) if (!long.tokens.has(t)) return false;
  return true;
}

/**
 * Compares one person with one list entry. A hit needs the name score at the threshold and a date
 * of birth that does not contradict it (a different date on both sides clears a namesake). The
 * token-set score — one name's words all found in the other, "Mohammed Al-Harbi" in "Mohammed bin
 * Salim Al-Harbi" — counts only with a date of birth that agrees, and so does a name whose words are
 * all in the other (decision 038): on words alone a short common name would match every longer name
 * around it.
 */
export function matchPrepared(person: { name: PreparedName; dateOfBirth: string }, entry: PreparedCandidate): MatchResult & { hit: boolean } {
  const dob = dobAgreement(person.dateOfBirth, entry.birthDates);
  let score = 0;
  let matchedName = entry.names[0]?.text ?? '';
  if (dob === 'MISMATCH') return { score, matchedName, dob, hit: false };
  for (const candidate of entry.names) {
    if (dob !== 'MATCH' && contains(person.name, candidate)) continue;
    const { sort, set } = scoreParts(person.name, candidate, MATCH_THRESHOLD, dob === 'MATCH');
    const s = Math.max(sort, set);
    if (s > score) {
      score = s;
      matchedName = candidate.text;
    }
  }
  return { score, matchedName, dob, hit: score >= MATCH_THRESHOLD };
}

export function matchPerson(person: { name: string; dateOfBirth: string }, entry: Candidate): MatchResult & { hit: boolean } {
  return matchPrepared({ name: prepareName(person.name), dateOfBirth: person.dateOfBirth }, prepareCandidate(entry));
}
