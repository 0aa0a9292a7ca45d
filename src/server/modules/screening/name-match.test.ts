import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dobAgreement, matchPerson, nameScore, normalizeName } from './name-match.ts';
import { ListFileError, LIST_COLUMNS, parseListFile } from './list-file.ts';

const entry = (name: string, aliases: string[] = [], birthDates: string[] = []) => ({ name, aliases, birthDates });

describe('name matching (decision 026)', () => {
  it('transliterates: Cyrillic, Arabic script and accents compare with their Latin spelling', () => {
    expect(normalizeName('Иван Петров')).toBe('ivan petrov');
    expect(nameScore('Иван Петров', 'Ivan Petrov')).toBe(100);
    expect(nameScore('José Muñoz', 'Jose Munoz')).toBe(100);
    expect(nameScore('Søren Ødegård', 'Soren Odegard')).toBe(100);
  });

  it('ignores word order, punctuation and case', () => {
    expect(nameScore('PETROV, Ivan', 'ivan petrov')).toBe(100);
    expect(nameScore('Haddad-Selim Amira', 'Amira Haddad Selim')).toBe(100);
  });

  it('tolerates a spelling variant but not a different person', () => {
    expect(nameScore('Victor Dratchenko', 'Viktor Drachenko')).toBeGreaterThanOrEqual(88);
    expect(nameScore('John Smith', 'Jane Smythe')).toBeLessThan(88);
    // One shared first name is not a match.
    expect(nameScore('Ivan', 'Ivan Petrov')).toBeLessThan(88);
  });

  it('dates of birth: same day or same year when the list knows only the year; a different one rules out', () => {
    expect(dobAgreement('1968-04-12', ['1968-04-12'])).toBe('MATCH');
    expect(dobAgreement('1968-04-12', ['1968'])).toBe('MATCH');
    expect(dobAgreement('1968-04-12', ['1970', '1968-04'])).toBe('MATCH');
    expect(dobAgreement('1968-04-12', ['1969-04-12'])).toBe('MISMATCH');
    expect(dobAgreement('1968-04-12', [])).toBe('UNKNOWN');
  });

  it('a hit: the name (or an alias) at the threshold and no contradicting date of birth', () => {
    const viktor = entry('Viktor Karlovich Drachenko', ['Виктор Драченко'], ['1968-04-12']);
    expect(matchPerson({ name: 'Viktor Drachenko', dateOfBirth: '1968-04-12' }, viktor)).toMatchObject({ hit: true, dob: 'MATCH' });
    expect(matchPerson({ name: 'Drachenko Viktor', dateOfBirth: '1968-04-12' }, viktor).hit).toBe(true);
    // The namesake born another day is cleared by the date.
    expect(matchPerson({ name: 'Viktor Drachenko', dateOfBirth: '1990-01-01' }, viktor)).toMatchObject({ hit: false, dob: 'MISMATCH' });
    // No date on the list: the name decides.
    expect(matchPerson({ name: 'Viktor Drachenko', dateOfBirth: '1990-01-01' }, entry('Viktor Drachenko')).hit).toBe(true);
    expect(matchPerson({ name: 'Ada Lovelace', dateOfBirth: '1990-12-10' }, viktor).hit).toBe(false);
  });
});

describe('list file (OpenSanctions simple CSV)', () => {
  const header = LIST_COLUMNS.join(',');
  const row = (id: string, schema: string, name: string, aliases = '', dob = '') => `${id},${schema},"${name}","${aliases}",${dob},ru,,,,,,demo,,,2025-01-01`;

  it('reads the shipped sample: people only, aliases split on ;', () => {
    const entries = parseListFile(readFileSync(new URL('./sample/targets.simple.csv', import.meta.url), 'utf8'));
    expect(entries.map((e) => e.id)).toEqual(['demo-sanction-0001', 'demo-sanction-0002', 'demo-pep-0003', 'demo-pep-0005']);
    expect(entries[0]).toMatchObject({ name: 'Viktor Karlovich Drachenko', birthDates: ['1968-04-12'], countries: ['ru', 'cy'] });
    expect(entries[0]!.aliases).toContain('Виктор Карлович Драченко');
  });

  it('quoted fields hold commas, quotes and line breaks', () => {
    const entries = parseListFile(`${header}\r\n${row('a', 'Person', 'Doe, ""Jo""\nJane', 'J. Doe;Jane D', '1980')}\r\n`);
    expect(entries[0]).toMatchObject({ name: 'Doe, "Jo"\nJane', aliases: ['J. Doe', 'Jane D'], birthDates: ['1980'] });
  });

  it('refuses a bad file with the line and what is wrong', () => {
    const refuse = (text: string) => {
      try {
        parseListFile(text);
      } catch (err) {
        expect(err).toBeInstanceOf(ListFileError);
        return { line: (err as ListFileError).line, problem: (err as ListFileError).problem };
      }
      throw new Error('accepted');
    };
    expect(refuse('')).toMatchObject({ line: 1, problem: 'the file is empty' });
    expect(refuse('name,dob\nIvan,1970').problem).toMatch(/the header must be the OpenSanctions simple CSV columns/);
    expect(refuse(`${header}\n${row('a', 'Person', 'A B')}\na,Person,x`)).toMatchObject({ line: 3, problem: 'expected 15 columns, found 3' });
    expect(refuse(`${header}\n${row('a', 'Person', 'A B')}\n${row('a', 'Person', 'C D')}`)).toMatchObject({ line: 3, problem: 'the id "a" appears twice' });
    expect(refuse(`${header}\n${row('a', 'Person', 'A B', '', '12/04/1968')}`).problem).toMatch(/is not YYYY, YYYY-MM or YYYY-MM-DD/);
    // A month or day that no calendar has is refused too.
    expect(refuse(`${header}\n${row('a', 'Person', 'A B', '', '1968-13')}`).problem).toMatch(/"1968-13" is not YYYY, YYYY-MM or YYYY-MM-DD/);
    expect(refuse(`${header}\n${row('a', 'Person', 'A B', '', '1968-04-32')}`).problem).toMatch(/"1968-04-32"/);
    expect(refuse(`${header}\n${row('a', 'Company', 'A Ltd')}`).problem).toBe('the file has no Person entries');
    expect(refuse(`${header}\n"a,Person`).problem).toBe('a quoted field is not closed');
  });
});
