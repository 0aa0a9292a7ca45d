import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailField, isValidEmail, isValidMobile, mobileField, toFieldIssues, ValidationMessage } from './validation.ts';

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
