import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD, matchPerson } from './name-match.ts';
import { NameIndex } from './name-index.ts';
import { labelledPairs, syntheticPeople, type LabelledPair, type PairKind } from './synthetic-list.ts';

/**
 * Decision 038: the index proposes every entry the full scan finds, on a labelled set of 1,050
 * pairs over a generated list (transliterations, other scripts, word order, missing middle names,
 * one-letter typos, initials, dates of birth that agree or not), and the matcher's precision holds.
 * The list is small (1,000 people, ~1,900 names) so the scan of every pair stays a few seconds.
 */
const people = [...syntheticPeople(7, 1000)];
const byId = new Map(people.map((p) => [p.id, p]));
const index = new NameIndex();
index.add(people.slice(0, 400));
index.add(people.slice(400));
index.seal();
const pairs = labelledPairs(people, 1050, 11);

describe('the name index against the full scan', () => {
  it('the labelled set has over 1,000 pairs of every kind', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(1000);
    const kinds = new Set(pairs.map((p) => p.kind));
    for (const k of ['exact', 'transliteration', 'script', 'word-order', 'missing-middle', 'typo', 'initials', 'dob-agrees', 'dob-disagrees', 'other-surname', 'other-first-name', 'contained-no-dob', 'unrelated'] satisfies PairKind[]) expect(kinds).toContain(k);
  });

  it('for every pair, the index finds exactly the entries the scan finds at the threshold', () => {
    let scanHits = 0;
    for (const pair of pairs) {
      const scan = index.scan(pair.query);
      const indexed = index.match(pair.query);
      scanHits += scan.length;
      expect(indexed.map((h) => h.entryId), `${pair.kind}: ${pair.query.name}`).toEqual(scan.map((h) => h.entryId));
      expect(scan.every((h) => h.score >= MATCH_THRESHOLD)).toBe(true);
    }
    // Not vacuous: the pairs' own entries and their namesakes are found.
    expect(scanHits).toBeGreaterThan(500);
  });
});

describe('the matcher on the labelled pairs', () => {
  const hit = (p: LabelledPair) => matchPerson(p.query, byId.get(p.entryId)!).hit;
  const rate = (kind: PairKind) => {
    const of = pairs.filter((p) => p.kind === kind);
    return of.filter(hit).length / of.length;
  };

  it('at most 1 in 100 pairs of different people is a potential match', () => {
    const different = pairs.filter((p) => !p.same);
    expect(different.length).toBeGreaterThan(400);
    expect(different.filter(hit).length / different.length).toBeLessThanOrEqual(0.01);
  });

  it('a shorter name inside a longer one is not a match on its words alone; with a date of birth that agrees it is', () => {
    expect(rate('contained-no-dob')).toBe(0);
    expect(rate('missing-middle')).toBe(1);
    const listed = { name: 'Mohammed bin Salim Al-Harbi', aliases: [], birthDates: ['1971-03-02'] };
    expect(matchPerson({ name: 'Mohammed Al-Harbi', dateOfBirth: '' }, listed).hit).toBe(false);
    expect(matchPerson({ name: 'Mohammed Al-Harbi', dateOfBirth: '1971-03-02' }, listed)).toMatchObject({ hit: true, dob: 'MATCH', score: 100 });
    expect(matchPerson({ name: 'Mohammed Al-Harbi', dateOfBirth: '' }, { ...listed, birthDates: [] }).hit).toBe(false);
  });

  it('the same person is found through word order, respellings, another script and one-letter typos', () => {
    for (const kind of ['exact', 'word-order', 'dob-agrees'] as const) expect(rate(kind), kind).toBe(1);
    expect(rate('typo')).toBeGreaterThanOrEqual(0.95);
    expect(rate('transliteration')).toBeGreaterThanOrEqual(0.8);
    expect(rate('script')).toBeGreaterThanOrEqual(0.5);
    expect(rate('dob-disagrees')).toBe(0);
  });
});
