import { describe, expect, it } from 'vitest';
import { loginRequest, registerRequest } from './api/accounts.ts';
import { checkCredentials, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Credentials, type CredentialsMode } from './credential-rules.ts';

/** What the server's schema says: the parsed values, or each field's first message. */
function bySchema(values: Credentials, mode: CredentialsMode) {
  const result = (mode === 'login' ? loginRequest : registerRequest).safeParse(values);
  if (result.success) return { values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
}

const local = 'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length);
const EMAILS = ['', '   ', 'ada@example.com', '  Ada@Example.COM ', 'ada@example', 'ada example.com', 'ada@@example.com', '@example.com', `${local}@example.com`, `${local}x@example.com`, `${local}x@example`, 'ada\u200b@example.com', '\u202eada@example.com', 'ada@exa mple.com'];
const PASSWORDS = ['', ' ', 'short', 'x'.repeat(PASSWORD_MIN_LENGTH - 1), 'x'.repeat(PASSWORD_MIN_LENGTH), 'x'.repeat(PASSWORD_MAX_LENGTH), 'x'.repeat(PASSWORD_MAX_LENGTH + 1), '  spaced password  '];

describe('checkCredentials (the login page) against the server schemas', () => {
  for (const mode of ['login', 'register'] as const) {
    it(`${mode}: the same values out, or the same first message per field, for every pair`, () => {
      for (const email of EMAILS) {
        for (const password of PASSWORDS) {
          const values = { email, password };
          expect({ values, result: checkCredentials(values, mode) }).toEqual({ values, result: bySchema(values, mode) });
        }
      }
    });
  }

  it('names the problems the login page shows', () => {
    expect(checkCredentials({ email: '', password: '' }, 'login')).toEqual({ errors: { email: 'required', password: 'required' } });
    expect(checkCredentials({ email: 'ada@example', password: 'short' }, 'register')).toEqual({ errors: { email: 'invalid_email', password: 'min_length' } });
    expect(checkCredentials({ email: ' Ada@Example.com ', password: 'short' }, 'login')).toEqual({ values: { email: 'ada@example.com', password: 'short' } });
  });
});
