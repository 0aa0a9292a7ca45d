import { doubleMetaphone } from 'double-metaphone';
import { MATCH_THRESHOLD, matchPrepared, normalizeName, sortScoreBound, prepareName, type MatchResult, type PreparedCandidate, type PreparedName } from './name-match.ts';

/**
 * A blocking index over a list's names and aliases (decision 038): only entries that share enough
 * words with the screened name — the same word, a word one letter away, the same Double Metaphone
 * code, or two adjacent words written as one — are scored, instead of every entry of the list.
 * Names are transliterated first (any-ascii, as for scoring), so "Петров" and "Petrov" share a word.
 *
 * Layout, for a million names in a few hundred MB: the vocabulary (each distinct word once) maps to
 * the names it occurs in (postings, Int32Array); phonetic codes map to vocabulary words; a screened
 * word's one-letter variants are looked up in the vocabulary when screening. A name is a candidate when one of
 * the screened name's words of four letters or more reaches it (any word when it has no longer one;
 * adjacent pairs joined count as one word) and the name can still score the threshold. The scoring afterwards is the scan's own (`matchPrepared`),
 * so the index can only lose a hit by not proposing it; the labelled-pairs test checks it does not.
 */

/** What the index keeps of an entry: enough to score it; the rest of the row stays in the database. */
export interface IndexEntry {
  id: string;
  name: string;
  aliases: readonly string[];
  birthDates: readonly string[];
}

/** An entry row as stored (aliases and dates as JSON text) as the index takes it. */
export const indexEntryOf = (r: { id: string; name: string; aliases: string; birth_dates: string }): IndexEntry => ({ id: r.id, name: r.name, aliases: JSON.parse(r.aliases) as string[], birthDates: JSON.parse(r.birth_dates) as string[] });

export interface IndexHit extends MatchResult {
  entryId: string;
}

/** Words this long or longer reach a name alone; also the shortest word looked up with a letter changed. */
const LONG_WORD = 4;
/** At most this many words of a screened name are looked up. */
const MAX_UNITS = 30;
/** A name's mark while screening: reached by a word of ours, exactly. */
const REACHED = 1;
const EXACT = 2;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Phonetic keys of a word: Double Metaphone's primary and alternate codes (words with a letter in them). */
const phonetic = (w: string): string[] => {
  if (!/[a-z]/.test(w)) return [];
  const [a, b] = doubleMetaphone(w);
  return a === b ? (a ? [a] : []) : [a, b].filter(Boolean);
};
/** Which of a–z and 0–9 a string has (bit per character): the bound below compares these. */
function lettersOf(s: string): number {
  let m = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) m |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) m |= 1 << (26 + ((c - 48) % 4));
  }
  return m;
}
const popcount = (n: number) => {
  let x = n >>> 0;
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
};

/** Bytes of a name's character histogram: a–z, the space, digits folded into five. */
const HISTOGRAM = 32;
function histogramOf(norm: string, into: Uint8Array, at: number): void {
  for (let i = 0; i < norm.length; i++) {
    const c = norm.charCodeAt(i);
    const k = c >= 97 && c <= 122 ? c - 97 : c === 32 ? 26 : c >= 48 && c <= 57 ? 27 + ((c - 48) % 5) : -1;
    if (k >= 0 && into[at + k]! < 255) into[at + k]!++;
  }
}

/** The first position of a posting (names in order of length) whose name is at least `length` long. */
function firstAtLeast(rows: Int32Array, lengths: Uint8Array, length: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lengths[rows[mid]!]! < length) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A growable Int32 array (a list of a million names is added without an array of objects per name). */
class Ints {
  data = new Int32Array(4);
  length = 0;
  push(v: number) {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  done(): Int32Array<ArrayBuffer> {
    return this.data.slice(0, this.length);
  }
}

export class NameIndex {
  /** Per entry: its list id, its dates of birth, and where its names start (names are stored in entry order). */
  private readonly ids: string[] = [];
  private readonly births: (readonly string[])[] = [];
  private entryStart = new Ints();
  /** Per name: as given (a hit shows it), normalized, its words, length and characters, its entry. */
  private readonly texts: string[] = [];
  private readonly norms: string[] = [];
  private nameEntry = new Ints();
  private nameLetters = new Ints();
  /** Vocabulary: word → id; per word id, the names it occurs in. */
  private readonly vocabulary = new Map<string, number>();
  private readonly words: string[] = [];
  private postings: (Ints | Int32Array)[] = [];
  /** Double Metaphone code → word ids (built by `seal`). */
  private readonly sounds = new Map<string, number[]>();
  private sealed = false;
  private mask = new Uint8Array(0);
  private starts = new Int32Array(0);
  private entryOf = new Int32Array(0);
  private letters = new Int32Array(0);
  private lengths = new Uint8Array(0);
  private seen = new Uint8Array(0);
  /** Per entry: the year of its date of birth when it has exactly one (0: none or several), for a quick "cannot agree". */
  private birthYear = new Int16Array(0);
  private birthCount = new Uint8Array(0);
  /** Per name, 32 bytes: how many of each letter, of spaces, and of digits (folded in five) it has — the bag bound without reading the name. */
  private histograms = new Uint8Array(0);
  /** Scratch of the names reached while screening one name (a typed array: no garbage per screening). */
  private touched = new Int32Array(0);

  /** Adds entries (a list is added in chunks while it is read). */
  add(entries: Iterable<IndexEntry>): void {
    if (this.sealed) throw new Error('the index is sealed');
    for (const e of entries) {
      const entryIndex = this.ids.length;
      this.ids.push(e.id);
      this.births.push(e.birthDates);
      this.entryStart.push(this.texts.length);
      for (const text of [e.name, ...e.aliases]) {
        const norm = normalizeName(text);
        const row = this.texts.length;
        this.texts.push(text);
        this.norms.push(norm);
        this.nameEntry.push(entryIndex);
        this.nameLetters.push(lettersOf(norm));
        const words = new Set(norm.split(' ').filter(Boolean));
        for (const word of words) {
          let id = this.vocabulary.get(word);
          if (id === undefined) {
            id = this.postings.length;
            this.vocabulary.set(word, id);
            this.words.push(word);
            this.postings.push(new Ints());
          }
          (this.postings[id] as Ints).push(row);
        }
      }
    }
  }

  /** Ends adding: postings become exact-size typed arrays and the phonetic keys are built over the vocabulary. */
  seal(): this {
    const lengths = Uint8Array.from(this.norms, (n) => Math.min(255, n.length));
    // Each word's names in order of length: a screened word reaches only the lengths its score can
    // still accept (a window found by binary search, `lengthWindow`), not every name it occurs in.
    this.postings = this.postings.map((p) => {
      const rows = (p as Ints).done();
      return rows.length > 1 ? rows.sort((a, b) => lengths[a]! - lengths[b]! || a - b) : rows;
    });
    for (const [word, id] of this.vocabulary) {
      for (const code of phonetic(word)) {
        const ids = this.sounds.get(code);
        if (ids) ids.push(id);
        else this.sounds.set(code, [id]);
      }
    }
    this.starts = this.entryStart.done();
    this.entryOf = this.nameEntry.done();
    this.letters = this.nameLetters.done();
    this.lengths = lengths;
    this.birthYear = Int16Array.from(this.births, (b) => (b.length === 1 ? Number(b[0]!.slice(0, 4)) || 0 : 0));
    this.birthCount = Uint8Array.from(this.births, (b) => Math.min(255, b.length));
    this.touched = new Int32Array(this.texts.length);
    this.histograms = new Uint8Array(this.texts.length * HISTOGRAM);
    for (let row = 0; row < this.norms.length; row++) histogramOf(this.norms[row]!, this.histograms, row * HISTOGRAM);
    this.entryStart = new Ints();
    this.nameEntry = new Ints();
    this.nameLetters = new Ints();
    this.mask = new Uint8Array(this.texts.length);
    this.seen = new Uint8Array(this.ids.length);
    this.sealed = true;
    return this;
  }

  get size(): { entries: number; names: number; words: number; sounds: number } {
    return { entries: this.ids.length, names: this.texts.length, words: this.vocabulary.size, sounds: this.sounds.size };
  }

  /**
   * Vocabulary words a screened word may be, as ids: itself (exact), a letter added, removed or
   * changed (words of four letters or more), the same Double Metaphone code, or its two halves when
   * the list writes it as two words. Variants are looked up in the vocabulary directly (a few hundred
   * lookups) rather than stored as deletion keys for every word of the list (millions of keys).
   */
  private wordsLike(word: string, out: Map<number, boolean>, joined = false): void {
    const exact = this.vocabulary.get(word);
    if (exact !== undefined) out.set(exact, true);
    const add = (w: string) => {
      const id = this.vocabulary.get(w);
      if (id !== undefined && !out.has(id)) out.set(id, false);
    };
    if (word.length >= LONG_WORD) {
      for (let i = 0; i < word.length; i++) {
        const head = word.slice(0, i);
        const tail = word.slice(i + 1);
        // A letter dropped from two of our words joined ("h bin" → "hbin" → "bin") is not the list
        // writing them as one word: such a variant shorter than four letters would reach every name
        // with that short word (a fifth of the list for "bin"), which the rule above does not look up.
        if (!joined || word.length > LONG_WORD) add(head + tail);
        for (const c of LETTERS) add(head + c + tail);
      }
      for (let i = 0; i <= word.length; i++) for (const c of LETTERS) add(word.slice(0, i) + c + word.slice(i));
      // Written as two words by the list: the halves long enough to reach a name alone ("al" of
      // "alharbi" would reach a fifth of the list; "harbi" is enough).
      for (let i = 2; i <= word.length - 2; i++) {
        const head = word.slice(0, i);
        const tail = word.slice(i);
        const a = this.vocabulary.get(head);
        const b = this.vocabulary.get(tail);
        if (a === undefined || b === undefined) continue;
        if (head.length >= LONG_WORD && !out.has(a)) out.set(a, false);
        if (tail.length >= LONG_WORD && !out.has(b)) out.set(b, false);
      }
    }
    // Same sound: respellings keep the first letter and about the length (Mohammed ~ Muhammad,
    // Aleksandr ~ Alexander); short codes would otherwise join hundreds of unrelated words.
    for (const code of phonetic(word)) {
      for (const id of this.sounds.get(code) ?? []) {
        if (out.has(id)) continue;
        const w = this.words[id]!;
        if (w[0] === word[0] && Math.abs(w.length - word.length) <= 2) out.set(id, false);
      }
    }
  }

  /**
   * Indexes of the entries worth scoring for a screened name. A name is reached by a word of ours of
   * four letters or more (any word when we have no longer one; adjacent words joined count as one
   * word: "abdul rahman" reaches "abdulrahman"); a reached name is then kept only when its token-sort score can
   * still reach the threshold — the characters one name has and the other lacks are a lower bound of
   * their distance — or when it shares a word exactly and the date of birth agrees (the set score).
   */
  candidates(name: PreparedName, dateOfBirth: string): number[] {
    if (!this.sealed) throw new Error('the index is not sealed');
    const words = name.norm.split(' ').filter(Boolean);
    // Our adjacent words joined are looked up too ("abdul rahman" → "abdulrahman"); the other way
    // round, a word of ours split in two is one of wordsLike's variants. Short words ("al", "bin")
    // reach a large part of the list: they are looked up only when the name has no longer word.
    const joinedUnits = new Set(words.slice(1).map((w, i) => words[i]! + w).filter((j) => !words.includes(j)));
    const all = [...new Set([...words, ...joinedUnits])];
    const units = (words.some((w) => w.length >= LONG_WORD) ? all.filter((u) => u.length >= LONG_WORD) : all).slice(0, MAX_UNITS);
    const { mask, postings, lengths, entryOf, births, birthYear, birthCount } = this;
    const touched = this.touched;
    let n = 0;
    const ourLength = name.norm.length;
    // The lengths a name may have and still pass the first bound below (the length difference is a
    // lower bound of the distance): outside them a name is kept only by sharing a word exactly with
    // an agreeing date of birth, so only an exact word's names are looked at there, by date first.
    let minLength = 256;
    let maxLength = -1;
    for (let l = 0; l < 256; l++) {
      const total = ourLength + l;
      if (100 * (total - Math.abs(ourLength - l)) >= (MATCH_THRESHOLD - 0.5) * total) {
        if (l < minLength) minLength = l;
        maxLength = l;
      }
    }
    const ourYear = /^\d{4}/.test(dateOfBirth) ? Number(dateOfBirth.slice(0, 4)) : 0;
    const bornAsWe = (entry: number): boolean => {
      const count = birthCount[entry]!;
      if (count === 0 || ourYear === 0) return false;
      if (count === 1 && birthYear[entry] !== ourYear) return false;
      for (const d of births[entry]!) if (dateOfBirth.startsWith(d)) return true;
      return false;
    };
    const mark = (row: number, f: number) => {
      if (mask[row] === 0) touched[n++] = row;
      mask[row]! |= f;
    };
    // A word reached from two of our units is walked once (again only if now reached exactly).
    const walked = new Map<number, boolean>();
    for (const unit of units) {
      const like = new Map<number, boolean>();
      this.wordsLike(unit, like, joinedUnits.has(unit));
      for (const [id, exact] of like) {
        const before = walked.get(id);
        if (before === true || (before === false && !exact)) continue;
        walked.set(id, exact);
        const rows = postings[id] as Int32Array;
        const from = firstAtLeast(rows, lengths, minLength);
        const to = firstAtLeast(rows, lengths, maxLength + 1);
        const f = exact ? REACHED | EXACT : REACHED;
        for (let i = from; i < to; i++) mark(rows[i]!, f);
        if (!exact || ourYear === 0) continue;
        for (let i = 0; i < from; i++) if (bornAsWe(entryOf[rows[i]!]!)) mark(rows[i]!, f);
        for (let i = to; i < rows.length; i++) if (bornAsWe(entryOf[rows[i]!]!)) mark(rows[i]!, f);
      }
    }
    const ourLetters = lettersOf(name.norm);
    const ours = new Uint8Array(HISTOGRAM);
    histogramOf(name.norm, ours, 0);
    const entries: number[] = [];
    const { seen, letters, norms, histograms } = this;
    /** The characters one name has more of than the other, by the histograms: at most the exact bag distance (folded digits and capped counts only lower it). */
    const histogramDistance = (row: number): number => {
      let d = 0;
      const at = row * HISTOGRAM;
      for (let k = 0; k < HISTOGRAM; k++) {
        const diff = ours[k]! - histograms[at + k]!;
        d += diff < 0 ? -diff : diff;
      }
      return d;
    };
    for (let i = 0; i < n; i++) {
      const row = touched[i]!;
      const m = mask[row]!;
      mask[row] = 0;
      const entry = entryOf[row]!;
      if (seen[entry] === 1) continue;
      const length = lengths[row]!;
      const total = ourLength + length;
      const bound = Math.max(popcount(ourLetters ^ letters[row]!), Math.abs(ourLength - length));
      // Bounds of the token-sort score, the cheapest first: characters one name has and the other
      // lacks, then how many of each — from the stored histograms, then exactly from the names (all
      // lower bounds of the distance, decisions 038 and 044).
      // Failing both, a name sharing a word exactly may still match by the set score, which counts
      // only with a date of birth that agrees (the list's dates are YYYY[-MM[-DD]], checked at load).
      const floor = (MATCH_THRESHOLD - 0.5) * total;
      let keep = 100 * (total - bound) >= floor && 100 * (total - histogramDistance(row)) >= floor && sortScoreBound(name.norm, norms[row]!) >= MATCH_THRESHOLD;
      if (!keep && (m & EXACT) !== 0 && bornAsWe(entry)) keep = true;
      if (keep) {
        seen[entry] = 1;
        entries.push(entry);
      }
    }
    for (const e of entries) seen[e] = 0;
    return entries;
  }

  private prepared(entry: number): PreparedCandidate {
    const end = entry + 1 < this.starts.length ? this.starts[entry + 1]! : this.texts.length;
    const names: PreparedName[] = [];
    for (let row = this.starts[entry]!; row < end; row++) {
      const norm = this.norms[row]!;
      names.push({ text: this.texts[row]!, norm, tokens: new Set(norm.split(' ').filter(Boolean)) });
    }
    return { names, birthDates: this.births[entry]! };
  }

  private scored(person: { name: string; dateOfBirth: string }, entries: Iterable<number>): IndexHit[] {
    const ours = { name: prepareName(person.name), dateOfBirth: person.dateOfBirth };
    const hits: IndexHit[] = [];
    for (const i of entries) {
      const m = matchPrepared(ours, this.prepared(i));
      if (m.hit) hits.push({ entryId: this.ids[i]!, score: m.score, matchedName: m.matchedName, dob: m.dob });
    }
    return hits.sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId));
  }

  /** The entries a person matches (matchPrepared over the candidates), best first. */
  match(person: { name: string; dateOfBirth: string }): IndexHit[] {
    return this.scored(person, this.candidates(prepareName(person.name), person.dateOfBirth));
  }

  private everyEntry: PreparedCandidate[] | null = null;

  /**
   * The reference: every entry scored, as decision 026's scan did (entries prepared once and kept),
   * for the tests and the bench. Not used to screen: at a million names it holds a GB.
   */
  scan(person: { name: string; dateOfBirth: string }): IndexHit[] {
    const all = (this.everyEntry ??= this.ids.map((_, i) => this.prepared(i)));
    const ours = { name: prepareName(person.name), dateOfBirth: person.dateOfBirth };
    const hits: IndexHit[] = [];
    for (let i = 0; i < all.length; i++) {
      const m = matchPrepared(ours, all[i]!);
      if (m.hit) hits.push({ entryId: this.ids[i]!, score: m.score, matchedName: m.matchedName, dob: m.dob });
    }
    return hits.sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId));
  }
}
