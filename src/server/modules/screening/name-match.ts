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

/**
 * 0–100 for prepared names. `floor`: a score below it may be answered 0 without computing it — with
 * no word in common, the token-sort ratio (2 × matches / total length) cannot exceed
 * 200 × shorter / (both lengths), so names of very different lengths are skipped. This keeps a full
 * list (hundreds of thousands of names) to a fraction of a second per user.
 */
export function scorePrepared(a: PreparedName, b: PreparedName, floor = 0): number {
  if (!a.norm || !b.norm) return 0;
  let shared = false;
  for (const t of a.tokens) if (b.tokens.has(t)) shared = true;
  if (!shared && (200 * Math.min(a.norm.length, b.norm.length)) / (a.norm.length + b.norm.length) < floor) return 0;
  const sort = token_sort_ratio(a.norm, b.norm, { full_process: false });
  // token_set alone rates a one-word name inside a longer one at 100 ("ivan" in "ivan petrov"): the
  // set score counts only when both names have at least two words. Without a shared word it equals
  // the sort score, so it is skipped.
  const set = shared && a.tokens.size > 1 && b.tokens.size > 1 ? token_set_ratio(a.norm, b.norm, { full_process: false }) : 0;
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

/**
 * Compares one person with one list entry. A hit needs the name score at the threshold and a date
 * of birth that does not contradict it (a different date on both sides clears a namesake).
 */
export function matchPrepared(person: { name: PreparedName; dateOfBirth: string }, entry: PreparedCandidate): MatchResult & { hit: boolean } {
  let score = 0;
  let matchedName = entry.names[0]?.text ?? '';
  for (const candidate of entry.names) {
    const s = scorePrepared(person.name, candidate, MATCH_THRESHOLD);
    if (s > score) {
      score = s;
      matchedName = candidate.text;
    }
  }
  const dob = dobAgreement(person.dateOfBirth, entry.birthDates);
  return { score, matchedName, dob, hit: score >= MATCH_THRESHOLD && dob !== 'MISMATCH' };
}

export function matchPerson(person: { name: string; dateOfBirth: string }, entry: Candidate): MatchResult & { hit: boolean } {
  return matchPrepared({ name: prepareName(person.name), dateOfBirth: person.dateOfBirth }, prepareCandidate(entry));
}
