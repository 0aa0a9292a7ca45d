import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';
import { emailField, hasInvisibleCharacters, isValidEmail, isValidMobile, mobileField, toFieldIssues, ValidationMessage, visibleMultilineText, visibleText } from './validation.ts';

describe('§5 e-mail', () => {
  it.each(['', '   ', 'a@b.co', '  user.name+tag@sub.example.com  ', 'x@example.museum'])('accepts %j', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each(['plain', '@example.com', 'user@', 'user@example', 'us er@example.com', 'a@b@c.com', 'user@.com', 'user@example..com', 'user@example.'])(
    'rejects %j',
    (value) => {
      expect(isValidEmail(value)).toBe(false);
    },
  );

  it('the form field trims, lower-cases and reports the translated key "invalid_email"', () => {
    expect(emailField.parse('  Me@Example.COM ')).toBe('me@example.com');
    const r = z.object({ email: emailField }).safeParse({ email: 'nope' });
    expect(r.success).toBe(false);
    expect(toFieldIssues(r.error!)).toEqual([{ path: 'email', code: ValidationMessage.INVALID_EMAIL }]);
  });
});

describe('§5 mobile number', () => {
  it.each(['', '  ', '1234567', '123456789012', ' 5551234 '])('accepts %j', (value) => {
    expect(isValidMobile(value)).toBe(true);
  });

  it.each(['123456', '1234567890123', '+1234567', '555-1234', '５５５１２３４', '12345 678', 'abcdefg'])('rejects %j', (value) => {
    expect(isValidMobile(value)).toBe(false);
  });

  it('the form field reports the translated key "invalid_mobile"', () => {
    const r = z.object({ mobile: mobileField }).safeParse({ mobile: '12' });
    expect(toFieldIssues(r.error!)).toEqual([{ path: 'mobile', code: ValidationMessage.INVALID_MOBILE }]);
    expect(mobileField.parse(' 12345678 ')).toBe('12345678');
  });
});

describe('§5 generic messages', () => {
  it('maps zod issues to required / min_length / max_length / type / range with their numbers', () => {
    const schema = z.object({ name: z.string().min(3), nick: z.string().max(2), age: z.number().min(18), code: z.string(), extra: z.number() });
    const r = schema.safeParse({ name: 'ab', nick: 'abc', age: 3, extra: 'x' });
    expect(toFieldIssues(r.error!)).toEqual([
      { path: 'name', code: 'min_length', params: { min: 3 } },
      { path: 'nick', code: 'max_length', params: { max: 2 } },
      { path: 'age', code: 'range', params: { min: 18 } },
      { path: 'code', code: 'required' },
      { path: 'extra', code: 'type' },
    ]);
  });
});

describe('free text: no invisible or control characters', () => {
  const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
  const REFUSED = [
    ...range(0x00, 0x1f), // C0 controls, tab and line breaks included (single-line fields)
    ...range(0x7f, 0x9f), // DEL and C1 controls
    '\u00ad', // soft hyphen
    '\u061c', // Arabic letter mark
    ...range(0x200b, 0x200f), // zero-width space, (non-)joiners, LRM/RLM
    '\u2028', '\u2029', // line / paragraph separators
    ...range(0x202a, 0x202e), // bidi embeddings and overrides
    ...range(0x2060, 0x2064), // word joiner, invisible operators
    ...range(0x2066, 0x2069), // bidi isolates
    '\ufeff', // byte-order mark / zero-width no-break space
    '\u3164', '\u115f', // Hangul fillers: letters that render as nothing
    '\u{e0041}', // tag character
    '\ue000', // private use
  ];

  it.each(REFUSED.map((c) => [hex(c), c]))('refuses %s inside a value', (_code, c) => {
    expect(hasInvisibleCharacters(`Ada${c}Lovelace`)).toBe(true);
  });

  it.each([
    'Ada Lovelace',
    "O'Brien-Smith",
    'Zoë Ñúñez',
    'محمد عبد الله', // Arabic
    'Nguyễn Thị Minh Khai', // Vietnamese, combining-mark heavy
    'สมชาย ใจดี', // Thai
    'देवनागरी', // Devanagari with vowel signs
    '北京市朝阳区 1号楼',
    'Flat 3, 12 Example Street',
    '',
  ])('accepts %j', (value) => {
    expect(hasInvisibleCharacters(value)).toBe(false);
  });

  it('multi-line text may hold line breaks and tabs, and nothing else of the kind', () => {
    expect(hasInvisibleCharacters('Please retake the photo.\r\n\tThe corners are cut off.', { multiline: true })).toBe(false);
    expect(hasInvisibleCharacters('line one\nline two')).toBe(true);
    expect(hasInvisibleCharacters('approved \u202egnp.exe', { multiline: true })).toBe(true);
    expect(hasInvisibleCharacters('note\u0000', { multiline: true })).toBe(true);
  });

  it('the zod checks report the translated key, trim first, and stop the field\'s other checks', () => {
    const name = z.string().trim().check(visibleText).regex(/^\p{L}+$/u, { error: 'kyc-rules.invalid_name' });
    const r = z.object({ name }).safeParse({ name: 'A\u202eda' });
    expect(toFieldIssues(r.error!)).toEqual([{ path: 'name', code: ValidationMessage.INVISIBLE_CHARACTERS }]);
    // Surrounding whitespace (a pasted trailing line break, a leading BOM) is trimmed, not refused.
    expect(name.parse('\ufeffAda\n')).toBe('Ada');
    expect(z.string().trim().check(visibleMultilineText).parse(' one\ntwo ')).toBe('one\ntwo');
    expect(z.string().check(visibleMultilineText).safeParse('one\u2067two').success).toBe(false);
  });

  it('e-mail addresses are free text too', () => {
    const r = z.object({ email: emailField }).safeParse({ email: 'ada\u200b@example.com' });
    expect(toFieldIssues(r.error!)).toEqual([{ path: 'email', code: ValidationMessage.INVISIBLE_CHARACTERS }]);
  });
});
