import { LIST_COLUMNS } from './list-file.ts';

/**
 * A deterministic generator of sanctions-list-like people (decision 038), for the tests (a few
 * thousand), the bench and `scripts/generate-screening-list.ts` (a million names): first, middle and
 * last names of several naming cultures, surnames beyond the common ones built from syllables (a real
 * list's vocabulary is large), aliases as respellings and in other scripts (Cyrillic, Greek, Arabic),
 * full or partial dates of birth. Nothing here is loaded by the server; no real person is named on
 * purpose (the names are common given names and surnames, combined at random).
 */

/** mulberry32: a small seeded generator, so every run makes the same list. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T,>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

interface Culture {
  key: string;
  countries: readonly string[];
  first: readonly string[];
  last: readonly string[];
  syllables: readonly string[];
  /** Respellings of the same name (transliteration variants), each group one name. */
  variants: readonly (readonly string[])[];
  middle?: 'patronymic' | 'first' | 'bin';
}

const CULTURES: readonly Culture[] = [
  {
    key: 'ru', countries: ['ru', 'by', 'ua', 'kz'], middle: 'patronymic',
    first: ['Aleksandr', 'Sergei', 'Dmitry', 'Andrei', 'Alexei', 'Vladimir', 'Mikhail', 'Nikolai', 'Ivan', 'Viktor', 'Yuri', 'Oleg', 'Pavel', 'Igor', 'Anatoly', 'Boris', 'Gennady', 'Konstantin', 'Roman', 'Yevgeny', 'Olga', 'Tatiana', 'Elena', 'Natalia', 'Irina', 'Svetlana', 'Anna', 'Maria', 'Yulia', 'Ekaterina', 'Ludmila', 'Galina', 'Arkady', 'Vadim', 'Stanislav', 'Timur', 'Ruslan', 'Denis', 'Maxim', 'Artem'],
    last: ['Ivanov', 'Smirnov', 'Kuznetsov', 'Popov', 'Vasiliev', 'Petrov', 'Sokolov', 'Mikhailov', 'Novikov', 'Fedorov', 'Morozov', 'Volkov', 'Alekseev', 'Lebedev', 'Semenov', 'Egorov', 'Pavlov', 'Kozlov', 'Stepanov', 'Nikolaev', 'Orlov', 'Andreev', 'Makarov', 'Nikitin', 'Zakharov', 'Zaitsev', 'Soloviev', 'Borisov', 'Yakovlev', 'Grigoriev', 'Romanov', 'Vorobiev', 'Sergeev', 'Kovalenko', 'Shevchenko', 'Bondarenko', 'Tkachenko', 'Kravchenko', 'Rotenberg', 'Deripaska'],
    syllables: ['ko', 'va', 'lev', 'mar', 'to', 'rin', 'zhe', 'nov', 'ov', 'ev', 'shin', 'bel', 'gor', 'dan', 'chuk', 'ski', 'lo', 'vich', 'ra', 'mi'],
    variants: [['Aleksandr', 'Alexander', 'Aleksander'], ['Sergei', 'Sergey'], ['Dmitry', 'Dmitri', 'Dmitriy'], ['Alexei', 'Aleksei', 'Alexey'], ['Yuri', 'Yury', 'Iouri'], ['Yevgeny', 'Evgeny', 'Evgeniy'], ['Tatiana', 'Tatyana'], ['Natalia', 'Natalya'], ['Vasiliev', 'Vasilyev'], ['Fedorov', 'Fyodorov'], ['Alekseev', 'Alexeev'], ['Semenov', 'Semyonov'], ['Soloviev', 'Solovyov'], ['Yakovlev', 'Iakovlev'], ['Andreev', 'Andreyev']],
  },
  {
    key: 'ar', countries: ['sa', 'sy', 'iq', 'ye', 'ae', 'eg', 'ly'], middle: 'bin',
    first: ['Mohammed', 'Ahmed', 'Ali', 'Omar', 'Khalid', 'Hassan', 'Hussein', 'Abdullah', 'Ibrahim', 'Youssef', 'Mustafa', 'Saleh', 'Faisal', 'Tariq', 'Hamza', 'Bilal', 'Karim', 'Nasser', 'Walid', 'Ziad', 'Fatima', 'Aisha', 'Mariam', 'Layla', 'Noura', 'Huda', 'Samira', 'Yasmin', 'Abdulrahman', 'Abdulaziz', 'Majid', 'Saeed', 'Jamal', 'Rashid', 'Adel', 'Hamad', 'Sultan', 'Mansour', 'Fahad', 'Turki'],
    last: ['Al-Harbi', 'Al-Qahtani', 'Al-Ghamdi', 'Al-Zahrani', 'Al-Shehri', 'Al-Otaibi', 'Al-Mutairi', 'Al-Dosari', 'Al-Shammari', 'Al-Anazi', 'Haddad', 'Khoury', 'Mansour', 'Nasser', 'Saleh', 'Hamdan', 'Al-Masri', 'Al-Tikriti', 'Al-Rawi', 'Al-Jabouri', 'Al-Amiri', 'Al-Baghdadi', 'Abbas', 'Karimi', 'Al-Hashimi', 'Al-Saadi', 'Al-Obaidi', 'Al-Azzawi', 'Qasim', 'Yousef', 'Al-Sayed', 'Farouk', 'El-Sharif', 'Al-Kuwari', 'Al-Thani', 'Bakr', 'Al-Awlaki', 'Zubair', 'Al-Hakim', 'Darwish'],
    syllables: ['al', 'ka', 'rim', 'sha', 'hid', 'mu', 'tar', 'za', 'bari', 'din', 'far', 'ja', 'lil', 'ha', 'mid', 'nu', 'ri', 'qa', 'sim', 'ud'],
    variants: [['Mohammed', 'Muhammad', 'Mohamed', 'Mohammad'], ['Ahmed', 'Ahmad'], ['Omar', 'Umar'], ['Hussein', 'Husain', 'Hussain'], ['Youssef', 'Yusuf', 'Yousef'], ['Mustafa', 'Mostafa'], ['Abdulrahman', 'Abdul Rahman', 'Abdelrahman'], ['Saeed', 'Said', 'Sayid'], ['Al-Qahtani', 'Al Kahtani'], ['Khoury', 'Khouri', 'Khuri'], ['Qasim', 'Kasim', 'Qassim']],
  },
  {
    key: 'es', countries: ['mx', 'co', 've', 'es', 'ar', 'pe'], middle: 'first',
    first: ['José', 'Juan', 'Luis', 'Carlos', 'Jorge', 'Miguel', 'Javier', 'Pedro', 'Alejandro', 'Fernando', 'Ricardo', 'Rafael', 'Francisco', 'Antonio', 'Manuel', 'Diego', 'Andrés', 'Sergio', 'Raúl', 'Eduardo', 'María', 'Carmen', 'Ana', 'Lucía', 'Isabel', 'Rosa', 'Gabriela', 'Patricia', 'Daniela', 'Valentina', 'Joaquín', 'Ramón', 'Héctor', 'Óscar', 'Gustavo', 'Ernesto', 'Ignacio', 'Rodrigo', 'Álvaro', 'Julio'],
    last: ['García', 'Rodríguez', 'Martínez', 'Hernández', 'López', 'González', 'Pérez', 'Sánchez', 'Ramírez', 'Torres', 'Flores', 'Rivera', 'Gómez', 'Díaz', 'Cruz', 'Morales', 'Reyes', 'Gutiérrez', 'Ortiz', 'Castillo', 'Jiménez', 'Vargas', 'Romero', 'Herrera', 'Medina', 'Aguilar', 'Castro', 'Mendoza', 'Guzmán', 'Salazar', 'Cabello', 'Maduro', 'Escobar', 'Zambada', 'Caro Quintero', 'Fuentes', 'Navarro', 'Delgado', 'Vega', 'Cárdenas'],
    syllables: ['gar', 'ci', 'ro', 'dri', 'guez', 'man', 'tel', 'li', 'na', 'bal', 'ver', 'de', 'zu', 'llo', 'ce', 'sol', 'mo', 'ra', 'nes', 'ta'],
    variants: [['José', 'Jose'], ['Javier', 'Xavier'], ['Andrés', 'Andres'], ['Raúl', 'Raul'], ['Jiménez', 'Ximénez', 'Gimenez'], ['Gutiérrez', 'Gutierres'], ['Vargas', 'Bargas']],
  },
  {
    key: 'en', countries: ['us', 'gb', 'ca', 'au', 'ie'], middle: 'first',
    first: ['James', 'John', 'Robert', 'Michael', 'William', 'David', 'Richard', 'Joseph', 'Thomas', 'Charles', 'Christopher', 'Daniel', 'Matthew', 'Anthony', 'Mark', 'Steven', 'Paul', 'Andrew', 'Joshua', 'Kevin', 'Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Barbara', 'Susan', 'Jessica', 'Sarah', 'Karen', 'Nancy', 'Lisa', 'Margaret', 'Emily', 'Catherine', 'Brian', 'George', 'Edward', 'Ronald', 'Timothy'],
    last: ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Hill', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans'],
    syllables: ['ash', 'ford', 'ton', 'wood', 'ley', 'bury', 'ham', 'well', 'brook', 'field', 'mor', 'den', 'stone', 'wick', 'by', 'ridge', 'cliff', 'worth', 'dale', 'shaw'],
    variants: [['Catherine', 'Katherine', 'Kathryn'], ['Steven', 'Stephen'], ['Smith', 'Smyth'], ['Thompson', 'Thomson'], ['Phillips', 'Philips'], ['Jeffrey', 'Geoffrey']],
  },
  {
    key: 'zh', countries: ['cn', 'hk', 'tw', 'sg'],
    first: ['Wei', 'Fang', 'Min', 'Jing', 'Li', 'Qiang', 'Lei', 'Jun', 'Yang', 'Yong', 'Jie', 'Tao', 'Ming', 'Chao', 'Xiu Ying', 'Gui Ying', 'Xiaoming', 'Jianguo', 'Zhiqiang', 'Haiyan', 'Hong', 'Hui', 'Ping', 'Gang', 'Bo', 'Hua', 'Lin', 'Xin', 'Yan', 'Dong'],
    last: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun', 'Ma', 'Zhu', 'Hu', 'Guo', 'He', 'Lin', 'Gao', 'Luo', 'Zheng', 'Liang', 'Xie', 'Song', 'Tang', 'Han', 'Feng', 'Deng', 'Cao', 'Peng'],
    syllables: ['zh', 'ang', 'xi', 'ao', 'qi', 'ong', 'yu', 'an', 'she', 'ng', 'hu', 'ai', 'jin', 'tai', 'lu', 'ou'],
    variants: [['Zhou', 'Chou'], ['Zhang', 'Chang'], ['Xu', 'Hsu'], ['Wu', 'Woo'], ['Chen', 'Chan']],
  },
  {
    key: 'de', countries: ['de', 'at', 'ch'], middle: 'first',
    first: ['Hans', 'Jürgen', 'Klaus', 'Wolfgang', 'Stefan', 'Peter', 'Michael', 'Thomas', 'Andreas', 'Uwe', 'Frank', 'Dieter', 'Günter', 'Karl', 'Heinz', 'Sabine', 'Petra', 'Monika', 'Ursula', 'Brigitte', 'Renate', 'Helga', 'Karin', 'Ingrid', 'Gisela', 'Lukas', 'Felix', 'Jonas', 'Moritz', 'Maximilian'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Krause', 'Meier', 'Lehmann'],
    syllables: ['berg', 'mann', 'stein', 'hof', 'bach', 'feld', 'hau', 'sen', 'kir', 'ler', 'dorf', 'wald', 'brun', 'rei', 'tz', 'gel'],
    variants: [['Meyer', 'Meier', 'Maier', 'Mayer'], ['Schmidt', 'Schmitt', 'Schmid'], ['Müller', 'Mueller', 'Muller'], ['Hoffmann', 'Hofmann']],
  },
];

// Other scripts, letter by letter (enough for aliases to look like a list's; any-ascii brings them back).
const CYRILLIC: Record<string, string> = { shch: 'щ', zh: 'ж', kh: 'х', ts: 'ц', ch: 'ч', sh: 'ш', yu: 'ю', ya: 'я', yo: 'ё', a: 'а', b: 'б', v: 'в', g: 'г', d: 'д', e: 'е', z: 'з', i: 'и', y: 'й', k: 'к', l: 'л', m: 'м', n: 'н', o: 'о', p: 'п', r: 'р', s: 'с', t: 'т', u: 'у', f: 'ф', h: 'х', c: 'к', x: 'кс', w: 'в', j: 'дж', q: 'к' };
const GREEK: Record<string, string> = { th: 'θ', ch: 'χ', ps: 'ψ', a: 'α', b: 'β', g: 'γ', d: 'δ', e: 'ε', z: 'ζ', i: 'ι', k: 'κ', l: 'λ', m: 'μ', n: 'ν', x: 'ξ', o: 'ο', p: 'π', r: 'ρ', s: 'σ', t: 'τ', y: 'υ', f: 'φ', u: 'ου', v: 'β', h: 'χ', c: 'κ', j: 'τζ', w: 'ου', q: 'κ' };
const ARABIC: Record<string, string> = { sh: 'ش', kh: 'خ', th: 'ث', a: 'ا', b: 'ب', t: 'ت', j: 'ج', h: 'ح', d: 'د', r: 'ر', z: 'ز', s: 'س', f: 'ف', q: 'ق', k: 'ك', l: 'ل', m: 'م', n: 'ن', w: 'و', y: 'ي', u: 'و', i: 'ي', e: '', o: 'و', g: 'غ', c: 'ك', p: 'ب', v: 'ف', x: 'كس' };

function inScript(name: string, table: Record<string, string>): string {
  const keys = Object.keys(table).sort((a, b) => b.length - a.length);
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/(\s+|-)/)
    .map((word) => {
      let out = '';
      for (let i = 0; i < word.length; ) {
        const k = keys.find((key) => word.startsWith(key, i));
        if (k) {
          out += table[k];
          i += k.length;
        } else {
          out += word[i];
          i++;
        }
      }
      return out.charAt(0).toUpperCase() + out.slice(1);
    })
    .join('');
}

export const SCRIPTS = { cyrillic: (n: string) => inScript(n, CYRILLIC), greek: (n: string) => inScript(n, GREEK), arabic: (n: string) => inScript(n, ARABIC) } as const;

function syllableSurname(r: Rand, c: Culture): string {
  const n = 2 + Math.floor(r() * 2);
  let s = '';
  for (let i = 0; i < n; i++) s += pick(r, c.syllables);
  s = s.charAt(0).toUpperCase() + s.slice(1);
  return c.key === 'ar' && r() < 0.5 ? `Al-${s}` : s;
}

function variantOf(c: Culture, word: string, r: Rand): string {
  const group = c.variants.find((g) => g.includes(word));
  if (!group) return word;
  const others = group.filter((w) => w !== word);
  return others.length ? pick(r, others) : word;
}

function birthDate(r: Rand): string {
  const y = 1940 + Math.floor(r() * 60);
  const m = 1 + Math.floor(r() * 12);
  const d = 1 + Math.floor(r() * 28);
  const p = r();
  return p < 0.15 ? String(y) : p < 0.2 ? `${y}-${String(m).padStart(2, '0')}` : `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A generated person: the parts of the name are kept so labelled pairs can vary one of them. */
export interface SyntheticPerson {
  id: string;
  culture: string;
  first: string;
  middle: string;
  last: string;
  name: string;
  aliases: string[];
  birthDates: string[];
  countries: string[];
}

function middleOf(r: Rand, c: Culture): string {
  if (!c.middle || r() < 0.45) return '';
  if (c.middle === 'patronymic') {
    const base = pick(r, c.first.slice(0, 20)).replace(/[aiy]$/, '');
    return `${base}${r() < 0.5 ? 'ovich' : 'evich'}`;
  }
  if (c.middle === 'bin') return `bin ${pick(r, c.first)}`;
  return pick(r, c.first);
}

/** The n-th person of the list made with `seed` (people are made one by one: the list is never held whole). */
export function* syntheticPeople(seed: number, count: number, idPrefix = 'syn'): Generator<SyntheticPerson> {
  const r = prng(seed);
  for (let i = 0; i < count; i++) {
    const c = pick(r, CULTURES);
    const first = pick(r, c.first);
    const last = r() < 0.55 ? pick(r, c.last) : syllableSurname(r, c);
    const middle = middleOf(r, c);
    const name = [first, middle, last].filter(Boolean).join(' ');
    const aliases: string[] = [];
    // About 1.2 aliases a person: respellings, surname first, other scripts, the name without its middle part.
    const k = r();
    if (k < 0.35) aliases.push([variantOf(c, first, r), middle, variantOf(c, last, r)].filter(Boolean).join(' '));
    if (k > 0.2 && k < 0.55) aliases.push(c.key === 'ru' ? SCRIPTS.cyrillic(`${last} ${first}`) : c.key === 'ar' ? SCRIPTS.arabic(`${first} ${last}`) : c.key === 'zh' ? `${last.toUpperCase()} ${first}` : SCRIPTS.greek(`${first} ${last}`));
    if (middle && k > 0.45) aliases.push(`${first} ${last}`);
    if (k > 0.8) aliases.push(`${last}, ${first}`);
    const dates = r() < 0.8 ? [birthDate(r)] : [];
    if (dates.length && r() < 0.1) dates.push(birthDate(r));
    yield { id: `${idPrefix}-${String(i).padStart(7, '0')}`, culture: c.key, first, middle, last, name, aliases: [...new Set(aliases)].filter((a) => a !== name), birthDates: dates, countries: [pick(r, c.countries)] };
  }
}

const csvField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export const csvHeader = () => LIST_COLUMNS.join(',');
/** One OpenSanctions simple-CSV row (decision 026's format). */
export function csvRow(p: SyntheticPerson): string {
  const cells: Record<(typeof LIST_COLUMNS)[number], string> = {
    id: p.id, schema: 'Person', name: p.name, aliases: p.aliases.join(';'), birth_date: p.birthDates.join(';'), countries: p.countries.join(';'),
    addresses: '', identifiers: '', sanctions: 'Synthetic sanctions programme', phones: '', emails: '', dataset: 'Synthetic list', first_seen: '2024-01-01', last_seen: '2026-01-01', last_change: '2025-06-01',
  };
  return LIST_COLUMNS.map((c) => csvField(cells[c])).join(',');
}

/** One letter changed (a typo), not the first nor a space, so the name still reads as that name. */
function typo(r: Rand, word: string): string {
  const at = [...word].flatMap((ch, i) => (i > 0 && /\p{L}/u.test(ch) ? [i] : []));
  if (word.length < 4 || at.length === 0) return word;
  const i = pick(r, at);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let c = pick(r, letters.split(''));
  if (c === word[i]!.toLowerCase()) c = c === 'a' ? 'e' : 'a';
  return word.slice(0, i) + c + word.slice(i + 1);
}

/** Levenshtein distance > 1: a one-letter difference is labelled a typo of the same name, never another person. */
function farApart(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return false;
  if (Math.abs(x.length - y.length) > 1) return true;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[y.length]! > 1;
}

export type PairKind =
  | 'exact' | 'transliteration' | 'script' | 'word-order' | 'missing-middle' | 'typo' | 'initials' | 'dob-agrees'
  | 'dob-disagrees' | 'other-surname' | 'other-first-name' | 'contained-no-dob' | 'unrelated';

/** A screened person and a list entry, labelled as the same person or not. */
export interface LabelledPair {
  kind: PairKind;
  same: boolean;
  query: { name: string; dateOfBirth: string };
  entryId: string;
}

/**
 * `count` labelled pairs over `people` (generated with the same seed's list): variations of a listed
 * person that are that person (same: true) — respellings, another script, word order, no middle
 * name, a one-letter typo, an initial, a date that agrees — and people that are not (same: false) —
 * the same name born another day, another surname or first name, a shorter name contained in the
 * listed one with no date that agrees, an unrelated name.
 */
export function labelledPairs(people: readonly SyntheticPerson[], count: number, seed: number): LabelledPair[] {
  const r = prng(seed);
  const pairs: LabelledPair[] = [];
  const dobOf = (p: SyntheticPerson) => {
    const d = p.birthDates[0];
    if (!d) return '';
    return d.length === 4 ? `${d}-06-15` : d.length === 7 ? `${d}-15` : d;
  };
  const otherDob = (p: SyntheticPerson) => {
    const d = p.birthDates[0] ?? '1970';
    return `${Number(d.slice(0, 4)) + 7}-01-01`;
  };
  const culture = (p: SyntheticPerson) => CULTURES.find((c) => c.key === p.culture)!;
  const kinds: PairKind[] = ['exact', 'transliteration', 'script', 'word-order', 'missing-middle', 'typo', 'initials', 'dob-agrees', 'dob-disagrees', 'other-surname', 'other-first-name', 'contained-no-dob', 'unrelated'];
  for (let i = 0; pairs.length < count; i++) {
    const kind = kinds[i % kinds.length]!;
    const p = people[Math.floor(r() * people.length)]!;
    const c = culture(p);
    const dob = dobOf(p);
    const add = (same: boolean, name: string, dateOfBirth: string) => pairs.push({ kind, same, query: { name, dateOfBirth }, entryId: p.id });
    switch (kind) {
      case 'exact': add(true, p.name, dob); break;
      case 'transliteration': {
        const v = [variantOf(c, p.first, r), p.middle, variantOf(c, p.last, r)].filter(Boolean).join(' ');
        if (v !== p.name) add(true, v, dob);
        break;
      }
      case 'script': add(true, p.culture === 'ru' ? SCRIPTS.cyrillic(`${p.first} ${p.last}`) : SCRIPTS.greek(`${p.first} ${p.last}`), dob); break;
      case 'word-order': add(true, `${p.last} ${p.first}${p.middle ? ` ${p.middle}` : ''}`, dob); break;
      case 'missing-middle': if (p.middle && dob) add(true, `${p.first} ${p.last}`, dob); break;
      case 'typo': add(true, [typo(r, p.first), p.middle, p.last].filter(Boolean).join(' '), dob); break;
      case 'initials': add(true, [`${p.first[0]}.`, p.middle, p.last].filter(Boolean).join(' '), dob); break;
      case 'dob-agrees': if (dob) add(true, p.name, dob); break;
      case 'dob-disagrees': if (p.birthDates.length === 1) add(false, p.name, otherDob(p)); break;
      case 'other-surname': {
        const last = pick(r, c.last.filter((l) => farApart(l, p.last) && !c.variants.some((g) => g.includes(l) && g.includes(p.last))));
        add(false, `${p.first} ${last}`, otherDob(p));
        break;
      }
      case 'other-first-name': {
        const first = pick(r, c.first.filter((f) => farApart(f, p.first) && !c.variants.some((g) => g.includes(f) && g.includes(p.first))));
        add(false, `${first} ${p.last}`, '');
        break;
      }
      case 'contained-no-dob': {
        // A shorter name inside the listed one (its first and last words) of someone with no date that agrees.
        // Only people listed under their full name alone (an alias without the middle name, in any script, would be them).
        if (p.middle && p.aliases.every((a) => a.includes(p.middle))) add(false, `${p.first} ${p.last}`, '');
        else add(false, p.first.split(' ')[0]!, '');
        break;
      }
      case 'unrelated': {
        const o = CULTURES[(CULTURES.indexOf(c) + 1) % CULTURES.length]!;
        add(false, `${pick(r, o.first)} ${pick(r, o.last)}`, '');
        break;
      }
    }
  }
  return pairs;
}
