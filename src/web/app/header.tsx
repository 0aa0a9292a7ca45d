import { useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { UserRole } from '../../shared/api/accounts.ts';
import { APP_BASE, CONSOLE_BASE } from '../../shared/api/paths.ts';
import { chromeVisibility, getContainer, isSdkUser } from '../lib/container/index.ts';
import { logout } from '../lib/session/logout.ts';
import { useGlobalStore } from '../store/global.ts';
import { CONSOLE_FRAME, MAIN_CONTENT_ID, PAGE_FRAME } from '../components/ui/page-frame.ts';
import { HelpLinks } from './help-links.tsx';
import { LanguagePicker } from '../components/ui/language-picker.tsx';

/** §2: the header is hidden in the app view; header and footer are hidden in the SDK view (also once the user turns out to be an SDK user). */
function useChrome() {
  const sdkUser = useGlobalStore((s) => isSdkUser(s.user));
  return chromeVisibility(getContainer(), sdkUser);
}

/**
 * Whether the page is the compliance console: a back office for reviewers, laid out wider and
 * without the customer footer (copyright and help-centre links are for customers; issue 16).
 */
function useOnConsole(): boolean {
  // Outside the app's <Router base>: the full path.
  const [location] = useLocation();
  return location === CONSOLE_BASE || location.startsWith(`${CONSOLE_BASE}/`);
}

/** The frame (width and padding) shared by the header, the page and the footer: wider on the console. */
export function usePageFrame(): string {
  return useOnConsole() ? CONSOLE_FRAME : PAGE_FRAME;
}

// Type-checked against UserRole without importing accounts.ts (and zod) into the first page's chunk.
const REVIEWER: UserRole = 'reviewer';

/** The header's height: its bar (h-14) and bottom border. */
export const HEADER_HEIGHT_CLASS = 'min-h-[57px]';

/**
 * Issue 15 (layout shift): the header renders once the translations have loaded, and used to push the
 * whole page down by its height when it did. Called at start, before anything renders: the host
 * keeps the header's height from the first paint whenever the header will show.
 */
export function reserveHeaderSpace(sdkUser: boolean) {
  if (chromeVisibility(getContainer(), sdkUser).header) document.getElementById('header-container')?.classList.add(HEADER_HEIGHT_CLASS);
}

/** §2: the header is mounted into the host page's container. */
export function Header() {
  const { t } = useTranslation();
  const email = useGlobalStore((s) => s.user.email);
  // A compliance reviewer's home is the console (the console shell stores the reviewer as the user).
  const home = useGlobalStore((s) => (s.user.role === REVIEWER ? `${CONSOLE_BASE}/` : `${APP_BASE}/auth/personal`));
  const { header } = useChrome();
  const frame = usePageFrame();
  const host = document.getElementById('header-container');
  // Hidden after all (an SDK user, known from the profile): give back the space kept for it at start.
  useLayoutEffect(() => {
    if (!header) host?.classList.remove(HEADER_HEIGHT_CLASS);
  }, [header, host]);
  if (!header || !host) return null;
  return createPortal(
    <>
      <SkipLink />
      <header className="border-b border-line bg-ink text-white">
        <div className={`${frame} flex h-14 items-center justify-between gap-4`}>
          <a href={home} className="shrink-0 whitespace-nowrap font-semibold text-primary">
            {t('common.brand')}
          </a>
          {email ? (
            <div className="flex min-w-0 items-center gap-3 text-sm">
              {/* An e-mail is left-to-right text even on a right-to-left page. */}
              <span dir="ltr" className="truncate" data-testid="header-user">
                {email}
              </span>
              <button type="button" onClick={() => void logout()} className="shrink-0 rounded-btn border border-white/30 px-3 py-1 hover:border-primary">
                {t('common.logout')}
              </button>
            </div>
          ) : null}
        </div>
      </header>
    </>,
    host,
  );
}

/**
 * The first thing Tab reaches: jumps over the header to the page's content. Hidden until focused.
 * Moves focus itself (the address keeps no #fragment, so Back is not spent on it).
 */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
      className="sr-only z-50 rounded-btn bg-white px-4 py-2 font-medium text-ink focus:not-sr-only focus:fixed focus:start-4 focus:top-2"
    >
      {t('page.skipToContent')}
    </a>
  );
}

/**
 * §2: the footer is mounted into the host page's container. The console gets no customer footer,
 * only the language picker (reviewers choose their language there too).
 */
export function Footer() {
  const { t } = useTranslation();
  const { footer } = useChrome();
  const onConsole = useOnConsole();
  const host = document.getElementById('footer-container');
  if (!footer || !host) return null;
  if (onConsole) {
    return createPortal(
      <footer className="mt-12 border-t border-line py-4 text-sm text-muted" data-testid="console-footer">
        <div className={`${CONSOLE_FRAME} flex justify-end`}>
          <LanguagePicker />
        </div>
      </footer>,
      host,
    );
  }
  return createPortal(
    <footer className="mt-12 border-t border-line py-6 text-sm text-muted">
      <div className={`${PAGE_FRAME} flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between`}>
        <p className="text-start">{t('common.footer', { year: new Date().getFullYear() })}</p>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <HelpLinks />
          <LanguagePicker />
        </div>
      </div>
    </footer>,
    host,
  );
}
