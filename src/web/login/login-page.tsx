import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loginRequest, registerRequest, type LoginRequest, type SessionResult, UserRole } from '../../shared/api/accounts.ts';
import { APP_BASE, ApiPath, CONSOLE_BASE } from '../../shared/api/paths.ts';
import { safeRedirectPath } from '../../shared/safe-redirect.ts';
import { RetCode } from '../../shared/ret-codes.ts';
import { http, isApiError } from '../lib/http/index.ts';
import { validationMessage } from '../lib/i18n/error-message.ts';
import { showSubmitError } from '../lib/forms/submit-error.ts';

type Mode = 'login' | 'register';

const DEFAULT_AFTER_LOGIN = `${APP_BASE}/auth/personal`;
const CONSOLE_HOME = `${CONSOLE_BASE}/`;

/** Where to go after signing in: a same-site redirect_url, else the role's home. */
function destinationAfterLogin(search: string, role: UserRole): string {
  const fallback = role === UserRole.REVIEWER ? CONSOLE_HOME : DEFAULT_AFTER_LOGIN;
  return safeRedirectPath(new URLSearchParams(search).get('redirect_url'), fallback, window.location.origin);
}

/** The /login page: sign in or create an account (e-mail + password). */
export function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('login');
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<LoginRequest>({
    resolver: zodResolver(mode === 'login' ? loginRequest : registerRequest),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setNotice(null);
    const credentials = { email: values.email, password: values.password };
    try {
      // silent: this form shows its own errors (below), the request layer must not toast them too.
      if (mode === 'register') {
        // The reply is the same whether the address is new or already has an account (decision 013);
        // logging in next tells this browser which, as it would anyone who knows the password.
        await http.post(ApiPath.register, credentials, { silent: true });
        try {
          const session = await http.post<SessionResult>(ApiPath.login, credentials, { silent: true });
          window.location.assign(destinationAfterLogin(window.location.search, session.role));
        } catch (error) {
          if (!isApiError(error) || error.retCode !== RetCode.LOGIN_FAILED) throw error;
          // The address already had an account (with another password): its owner got an e-mail.
          switchMode('login');
          form.setValue('password', '');
          setNotice(t('auth.checkEmail', { email: values.email }));
        }
        return;
      }
      const session = await http.post<SessionResult>(ApiPath.login, credentials, { silent: true });
      window.location.assign(destinationAfterLogin(window.location.search, session.role));
    } catch (error) {
      showSubmitError(error, { fields: ['email', 'password'], setError: form.setError, setFormError, t });
    }
  });

  const label = { email: t('auth.email'), password: t('auth.password') };
  const fieldError = (name: 'email' | 'password') => {
    const code = errors[name]?.message;
    return code ? validationMessage(t, code, label[name], { min: 10, max: name === 'email' ? 254 : 128 }) : null;
  };
  const switchMode = (next: Mode) => {
    setMode(next);
    setFormError(null);
    setNotice(null);
    form.clearErrors();
  };

  return (
    <main className="flex min-h-dvh items-start justify-center bg-surface px-4 py-10 sm:items-center">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow-sm">
        <p className="text-center text-lg font-semibold text-primary">{t('common.brand')}</p>
        <div role="tablist" aria-label={t('auth.modes')} className="mt-6 grid grid-cols-2 rounded-btn bg-surface p-1">
          {(['login', 'register'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              onClick={() => switchMode(m)}
              className={`h-9 rounded-btn text-sm font-medium ${mode === m ? 'bg-white shadow-sm' : 'text-muted'}`}
            >
              {t(m === 'login' ? 'auth.loginTab' : 'auth.registerTab')}
            </button>
          ))}
        </div>
        <h1 className="mt-6 text-xl font-semibold">{t(mode === 'login' ? 'auth.loginTitle' : 'auth.registerTitle')}</h1>
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <div>
            <label htmlFor="email" className="block text-sm font-medium">
              {label.email}
            </label>
            <input
              id="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'email-error' : undefined}
              className="mt-1 h-11 w-full rounded-btn border border-line px-3 outline-none focus:border-primary aria-[invalid]:border-short"
              {...form.register('email')}
            />
            {errors.email ? (
              <p id="email-error" className="mt-1 text-sm text-short">
                {fieldError('email')}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-medium">
              {label.password}
            </label>
            <div className="relative mt-1">
              <input
                id="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'password-error' : mode === 'register' ? 'password-hint' : undefined}
                className="h-11 w-full rounded-btn border border-line px-3 pe-20 outline-none focus:border-primary aria-[invalid]:border-short"
                {...form.register('password')}
              />
              <button
                type="button"
                onClick={() => setShowPassword((v) => !v)}
                aria-pressed={showPassword}
                className="absolute inset-y-0 end-0 px-3 text-sm text-muted hover:text-ink"
              >
                {t(showPassword ? 'auth.hidePassword' : 'auth.showPassword')}
              </button>
            </div>
            {errors.password ? (
              <p id="password-error" className="mt-1 text-sm text-short">
                {fieldError('password')}
              </p>
            ) : mode === 'register' ? (
              <p id="password-hint" className="mt-1 text-sm text-muted">
                {t('auth.passwordHint', { min: 10 })}
              </p>
            ) : null}
          </div>
          {notice ? (
            <p role="status" className="rounded-btn bg-surface px-3 py-2 text-sm">
              {notice}
            </p>
          ) : null}
          {formError ? (
            <p role="alert" className="rounded-btn bg-short/10 px-3 py-2 text-sm text-short">
              {formError}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={isSubmitting}
            aria-busy={isSubmitting}
            className="h-11 w-full rounded-btn bg-primary font-medium text-primary-fg hover:bg-primary-hover disabled:opacity-60"
          >
            {isSubmitting ? t('common.loading') : t(mode === 'login' ? 'auth.loginSubmit' : 'auth.registerSubmit')}
          </button>
        </form>
      </div>
    </main>
  );
}
