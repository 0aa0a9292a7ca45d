import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../components/ui/language-picker.tsx';
import type { SessionResult } from '../../shared/api/accounts.ts';
import { APP_BASE, ApiPath, CONSOLE_BASE } from '../../shared/api/paths.ts';
import { checkCredentials, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Credentials, type CredentialsMode } from '../../shared/credential-rules.ts';
import { safeRedirectPath } from '../../shared/safe-redirect.ts';
import { RetCode } from '../../shared/ret-codes.ts';
import { UserRole } from '../../shared/user-role.ts';
import { http, isApiError } from '../lib/http/index.ts';
import { errorMessage, validationMessage } from '../lib/i18n/error-message.ts';
import { useSmallForm } from '../lib/forms/small-form.ts';
import { showSubmitError } from '../lib/forms/submit-error.ts';
import { useDocumentTitle } from '../lib/page/document-title.ts';

type Mode = CredentialsMode;
const FIELDS = ['email', 'password'] as const;
const EMPTY: Credentials = { email: '', password: '' };
/** The password-reset views (issue 27), loaded only when asked for. */
const ForgotPassword = lazy(() => import('./password-reset.tsx').then((m) => ({ default: m.ForgotPassword })));
const ResetPassword = lazy(() => import('./password-reset.tsx').then((m) => ({ default: m.ResetPassword })));
/** What the card shows: the sign-in / sign-up forms, "Forgot password?", or the mailed reset link's form. */
type View = 'credentials' | 'forgot' | 'reset';
/** Opening the mailed link `/login?confirm=<token>`: under way, or refused (with the reason). */
type Confirmation = { state: 'none' } | { state: 'confirming' } | { state: 'failed'; message: string };

/** The token of a mailed link in the address (`confirm`: sign-up; `reset`: password reset), if any. */
const tokenInAddress = (name: 'confirm' | 'reset') => new URLSearchParams(window.location.search).get(name);

/** Takes a token out of the address bar: a reload or a shared screenshot must not carry it. */
function forgetToken(name: 'confirm' | 'reset'): void {
  const params = new URLSearchParams(window.location.search);
  params.delete(name);
  const rest = params.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
}

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
  // After a failed login: a gentle reminder that a new account logs in only once confirmed.
  const [loginHint, setLoginHint] = useState(false);
  const [confirmToken] = useState(() => tokenInAddress('confirm'));
  const [resetToken] = useState(() => tokenInAddress('reset'));
  const [view, setView] = useState<View>(resetToken ? 'reset' : 'credentials');
  const [confirmation, setConfirmation] = useState<Confirmation>(confirmToken ? { state: 'confirming' } : { state: 'none' });
  // StrictMode runs effects twice in development: the link is single use, so it is sent once.
  const confirmSent = useRef(false);
  // The server's rules without zod (shared/credential-rules.ts): this page is the first many see.
  // Checked on submit, then on each change; the rules follow the tab (`mode`) at once.
  const form = useSmallForm<Credentials, Credentials>({
    defaultValues: EMPTY,
    fields: FIELDS,
    validate: async (values) => checkCredentials(values, mode),
  });
  const { errors, isSubmitting } = form;
  // The tab says what this page is, in the reader's language (it said "Log in" in English for everyone).
  const TITLE: Record<View, string> = { credentials: mode === 'login' ? 'auth.loginTab' : 'auth.registerTab', forgot: 'auth.reset.forgotTitle', reset: 'auth.reset.chooseTitle' };
  useDocumentTitle(t(TITLE[view]));

  useEffect(() => {
    if (resetToken) forgetToken('reset');
  }, [resetToken]);

  useEffect(() => {
    if (!confirmToken || confirmSent.current) return;
    confirmSent.current = true;
    forgetToken('confirm');
    http
      .post<SessionResult>(ApiPath.confirmEmail, { token: confirmToken }, { silent: true })
      .then((session) => window.location.assign(destinationAfterLogin(window.location.search, session.role)))
      .catch((error: unknown) => setConfirmation({ state: 'failed', message: errorMessage(t, error) }));
  }, [confirmToken, t]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setNotice(null);
    setLoginHint(false);
    const credentials = { email: values.email, password: values.password };
    try {
      // silent: this form shows its own errors (below), the request layer must not toast them too.
      if (mode === 'register') {
        // The reply is the same whether the address is new or already has an account (decision 013),
        // and a new account logs in only after its address is confirmed: the e-mail says what next.
        await http.post(ApiPath.register, credentials, { silent: true });
        switchMode('login');
        form.reset({ email: form.getValues().email, password: '' });
        setNotice(t('auth.confirmSent', { email: values.email }));
        return;
      }
      const session = await http.post<SessionResult>(ApiPath.login, credentials, { silent: true });
      window.location.assign(destinationAfterLogin(window.location.search, session.role));
    } catch (error) {
      // The small form takes react-hook-form's setError shape (lib/forms/small-form.ts).
      showSubmitError(error, { fields: FIELDS, setError: form.setError as UseFormSetError<Credentials>, setFormError, t });
      if (mode === 'login' && isApiError(error) && error.retCode === RetCode.LOGIN_FAILED) setLoginHint(true);
    }
  });

  const label = { email: t('auth.email'), password: t('auth.password') };
  const fieldError = (name: 'email' | 'password') => {
    const code = errors[name];
    return code ? validationMessage(t, code, label[name], { min: PASSWORD_MIN_LENGTH, max: name === 'email' ? EMAIL_MAX_LENGTH : PASSWORD_MAX_LENGTH }) : null;
  };
  const switchMode = (next: Mode) => {
    setMode(next);
    setFormError(null);
    setNotice(null);
    setLoginHint(false);
    // What was typed stays; the errors of the other tab's rules go (checked again at the next submit).
    form.reset(form.getValues());
  };
  const registerAgain = () => {
    setConfirmation({ state: 'none' });
    switchMode('register');
    form.setFocus('email');
  };
  const backToLogin = (message: string | null) => {
    setView('credentials');
    switchMode('login');
    setNotice(message);
  };

  if (confirmation.state === 'confirming') {
    return (
      <main className="flex min-h-dvh items-start justify-center bg-surface px-4 py-10 sm:items-center">
        <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow-sm" aria-busy="true">
          <p className="text-center text-lg font-semibold text-primary">{t('common.brand')}</p>
          <p role="status" className="mt-6 text-center text-sm">
            {t('auth.confirming')}
          </p>
        </div>
      </main>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      {/* The product's own bar, as on every account page, with the language choice before anything else. */}
      <header className="border-b border-line bg-ink text-white">
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center justify-between gap-4 px-4">
          <span className="min-w-0 truncate font-semibold text-primary">{t('common.brand')}</span>
          <LanguagePicker compact />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow-sm">
          <p className="text-center text-sm text-muted">{t('auth.tagline')}</p>
          {view !== 'credentials' ? (
            <Suspense fallback={<p role="status" className="mt-6 text-sm text-muted">{t('common.loading')}</p>}>
              {view === 'forgot' ? (
                <ForgotPassword initialEmail={form.getValues().email} onBack={() => backToLogin(null)} />
              ) : (
                <ResetPassword token={resetToken ?? ''} onDone={() => backToLogin(t('auth.reset.done'))} onNewLink={() => setView('forgot')} />
              )}
            </Suspense>
          ) : (
            <>
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
              {confirmation.state === 'failed' ? (
                <div role="alert" className="mt-6 rounded-btn bg-short/10 px-3 py-2 text-sm text-short">
                  <p>{confirmation.message}</p>
                  <button type="button" onClick={registerAgain} className="mt-2 font-medium text-ink underline">
                    {t('auth.registerAgain')}
                  </button>
                </div>
              ) : null}
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
                      {t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
                    </p>
                  ) : null}
                </div>
                {notice ? (
                  <p role="status" className="rounded-btn bg-surface px-3 py-2 text-sm">
                    {notice}
                  </p>
                ) : null}
                {formError ? (
                  <div role="alert" className="rounded-btn bg-short/10 px-3 py-2 text-sm text-short">
                    <p>{formError}</p>
                    {loginHint ? <p className="mt-1 text-ink">{t('auth.loginFailedHint')}</p> : null}
                  </div>
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
              {mode === 'login' ? (
                <button type="button" onClick={() => setView('forgot')} className="mt-4 text-sm font-medium text-ink underline">
                  {t('auth.reset.forgotLink')}
                </button>
              ) : null}
            </>
          )}
        </div>
      </main>
    </div>
  );
}
