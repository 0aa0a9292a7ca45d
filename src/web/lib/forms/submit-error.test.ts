import i18n from 'i18next';
import { beforeAll, expect, it, vi } from 'vitest';
import { ApiError } from '../http/index.ts';
import { initTestI18n } from '../http/testing.ts';
import { showSubmitError } from './submit-error.ts';

beforeAll(initTestI18n);

const invalid = (fields: { path: string; code: string; params?: Record<string, number> }[]) =>
  new ApiError('business', 'bad business ret_code', { retCode: 10001, retMsg: 'params error', response: { ret_code: 10001, ret_msg: 'params error', result: { fields } } });

it('puts field issues on their fields, focusing the first, with no form-level error', () => {
  const setError = vi.fn();
  const setFormError = vi.fn();
  const placed = showSubmitError(invalid([{ path: 'email', code: 'invalid_email' }, { path: 'password', code: 'min_length', params: { min: 10 } }]), { fields: ['email', 'password'], setError, setFormError, t: i18n.t });
  expect(setError).toHaveBeenNthCalledWith(1, 'email', { type: 'server', message: 'invalid_email' }, { shouldFocus: true });
  expect(setError).toHaveBeenNthCalledWith(2, 'password', { type: 'server', message: 'min_length' }, { shouldFocus: false });
  expect(placed.map((p) => p.path)).toEqual(['email', 'password']);
  expect(setFormError).toHaveBeenLastCalledWith(null);
});

it('an issue about a field the form does not show still reaches the user, as the form error', () => {
  const setError = vi.fn();
  const setFormError = vi.fn();
  showSubmitError(invalid([{ path: 'email', code: 'invalid_email' }, { path: 'captcha', code: 'required' }]), { fields: ['email'], setError, setFormError, t: i18n.t });
  expect(setError).toHaveBeenCalledTimes(1);
  expect(setFormError).toHaveBeenLastCalledWith(expect.stringMatching(/.+/));
});

it('any other failure is the form error, translated', () => {
  const setError = vi.fn();
  const setFormError = vi.fn();
  showSubmitError(new ApiError('network', 'http network error'), { fields: ['email'], setError, setFormError, t: i18n.t });
  expect(setError).not.toHaveBeenCalled();
  expect(setFormError).toHaveBeenLastCalledWith(i18n.t('50016', { ns: 'inverse-error-code' }));
});
