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

/** 0–100: how alike two names are, whatever their script and word order. */
export function nameScore(a: string, b: string): number {
  const x = normalizeName(a);
  const y = normalizeName(b);
  if (!x || !y) return 0;
  // token_set alone rates a one-word name inside a longer one at 100 ("ivan" in "ivan petrov"): the
  // set score counts only when both names have at least two words.
  const sort = token_sort_ratio(x, y, { full_process: false });
  const set = x.includes(' ') && y.includes(' ') ? token_set_ratio(x, y, { full_process: false }) : 0;
  return Math.max(sort, set);
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
export function matchPerson(person: { name: string; dateOfBirth: string }, entry: Candidate): MatchResult & { hit: boolean } {
  let best: MatchResult = { score: 0, matchedName: entry.name, dob: 'UNKNOWN' };
  for (const candidate of [entry.name, ...entry.aliases]) {
    const score = nameScore(person.name, candidate);
    if (score > best.score) best = { score, matchedName: candidate, dob: 'UNKNOWN' };
  }
  best.dob = dobAgreement(person.dateOfBirth, entry.birthDates);
  return { ...best, hit: best.score >= MATCH_THRESHOLD && best.dob !== 'MISMATCH' };
}
