import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiPath } from '../../shared/api/paths.ts';
import { emailProblem, EMAIL_MAX_LENGTH, passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/credential-rules.ts';
import { RetCode } from '../../shared/ret-codes.ts';
import { http, isApiError } from '../lib/http/index.ts';
import { errorMessage, fieldIssues, validationMessage } from '../lib/i18n/error-message.ts';

/** How long the mailed link works; the server's PASSWORD_RESET_TTL_MINUTES (said to the user, not enforced here). */
const LINK_MINUTES = 30;

const inputClass = 'h-11 w-full rounded-btn border border-line px-3 outline-none focus:border-primary aria-[invalid]:border-short';
const submitClass = 'h-11 w-full rounded-btn bg-primary font-medium text-primary-fg hover:bg-primary-hover disabled:opacity-60';
const linkClass = 'text-sm font-medium text-ink underline';

/**
 * "Forgot password?" (issue 27): the address, then the same answer whatever the server knows of it
 * (it never tells which addresses have an account), with what to do next. Loaded only when asked
 * for: the login page stays as small as it was.
 */
export function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [problem, setProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (sentTo) done.current?.focus();
  }, [sentTo]);

  const label = t('auth.email');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const code = emailProblem(email);
    setProblem(code ? validationMessage(t, code, label, { max: EMAIL_MAX_LENGTH }) : null);
    if (code) {
      input.current?.focus();
      return;
    }
    const address = email.trim().toLowerCase();
    setBusy(true);
    try {
      await http.post(ApiPath.forgotPassword, { email: address }, { silent: true });
      setSentTo(address);
    } catch (error) {
      const onField = fieldIssues(error).find((i) => i.path === 'email');
      if (onField) setProblem(validationMessage(t, onField.code, label, { max: EMAIL_MAX_LENGTH }));
      else setFormError(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <div className="mt-6 flex flex-col gap-4">
        <h1 ref={done} tabIndex={-1} className="text-xl font-semibold outline-none">
          {t('auth.reset.sentTitle')}
        </h1>
        <p role="status" className="m-0 text-sm">
          {t('auth.reset.sent', { email: sentTo, minutes: LINK_MINUTES })}
        </p>
        <button type="button" onClick={onBack} className={submitClass}>
          {t('auth.reset.backToLogin')}
        </button>
      </div>
    );
  }

  return (
    <div className="mt-6">
      <h1 className="text-xl font-semibold">{t('auth.reset.forgotTitle')}</h1>
      <p className="mt-2 text-sm text-muted">{t('auth.reset.forgotIntro')}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4">
        <div>
          <label htmlFor="reset-email" className="block text-sm font-medium">
            {label}
          </label>
          <input
            ref={input}
            id="reset-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'reset-email-error' : undefined}
            className={`mt-1 ${inputClass}`}
          />
          {problem ? (
            <p id="reset-email-error" className="mt-1 text-sm text-short">
              {problem}
            </p>
          ) : null}
        </div>
        {formError ? (
          <p role="alert" className="rounded-btn bg-short/10 px-3 py-2 text-sm text-short">
            {formError}
          </p>
        ) : null}
        <button type="submit" disabled={busy} aria-busy={busy} className={submitClass}>
          {busy ? t('common.loading') : t('auth.reset.send')}
        </button>
      </form>
      <button type="button" onClick={onBack} className={`mt-4 ${linkClass}`}>
        {t('auth.reset.backToLogin')}
      </button>
    </div>
  );
}

/**
 * The mailed link's page (`/login?reset=…`, the token already out of the address bar): a new
 * password, checked like at sign-up (the server also refuses guessable ones). Success ends every
 * session, so the user logs in again; a used or expired link offers a new one.
 */
export function ResetPassword({ token, onDone, onNewLink }: { token: string; onDone: () => void; onNewLink: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ message: string; invalidLink: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const label = t('auth.reset.newPassword');
  const message = (code: string) => validationMessage(t, code, label, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const code = passwordProblem(password, 'register');
    setProblem(code ? message(code) : null);
    if (code) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await http.post(ApiPath.resetPassword, { token, password }, { silent: true });
      onDone();
    } catch (error) {
      const onField = fieldIssues(error).find((i) => i.path === 'password');
      if (onField) {
        setProblem(message(onField.code));
        input.current?.focus();
      } else setFormError({ message: errorMessage(t, error), invalidLink: isApiError(error) && error.retCode === RetCode.PASSWORD_RESET_INVALID });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-6">
      <h1 className="text-xl font-semibold">{t('auth.reset.chooseTitle')}</h1>
      <p className="mt-2 text-sm text-muted">{t('auth.reset.chooseIntro')}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4">
        <div>
          <label htmlFor="new-password" className="block text-sm font-medium">
            {label}
          </label>
          <div className="relative mt-1">
            <input
              ref={input}
              id="new-password"
              type={show ? 'text' : 'password'}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'new-password-error' : 'new-password-hint'}
              className={`${inputClass} pe-20`}
            />
            <button type="button" onClick={() => setShow((v) => !v)} aria-pressed={show} className="absolute inset-y-0 end-0 px-3 text-sm text-muted hover:text-ink">
              {t(show ? 'auth.hidePassword' : 'auth.showPassword')}
            </button>
          </div>
          {problem ? (
            <p id="new-password-error" className="mt-1 text-sm text-short">
              {problem}
            </p>
          ) : (
            <p id="new-password-hint" className="mt-1 text-sm text-muted">
              {t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            </p>
          )}
        </div>
        {formError ? (
          <div role="alert" className="rounded-btn bg-short/10 px-3 py-2 text-sm text-short">
            <p className="m-0">{formError.message}</p>
            {formError.invalidLink ? (
              <button type="button" onClick={onNewLink} className={`mt-2 ${linkClass}`}>
                {t('auth.reset.newLink')}
              </button>
            ) : null}
          </div>
        ) : null}
        <button type="submit" disabled={busy} aria-busy={busy} className={submitClass}>
          {busy ? t('common.loading') : t('auth.reset.save')}
        </button>
      </form>
    </div>
  );
}
