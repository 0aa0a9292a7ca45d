import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { UserRole } from '../../shared/api/accounts.ts';
import { APP_BASE, CONSOLE_BASE } from '../../shared/api/paths.ts';
import { chromeVisibility, getContainer, isSdkUser } from '../lib/container/index.ts';
import { logout } from '../lib/session/logout.ts';
import { useGlobalStore } from '../store/global.ts';
import { HelpLinks } from './help-links.tsx';
import { LanguagePicker } from './language-picker.tsx';

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

/** The width of the header, the page and the footer: the console's tables need more room. */
export function useContentWidth(): string {
  return useOnConsole() ? 'max-w-7xl' : 'max-w-5xl';
}

// Type-checked against UserRole without importing accounts.ts (and zod) into the first page's chunk.
const REVIEWER: UserRole = 'reviewer';

/** §2: the header is mounted into the host page's container. */
export function Header() {
  const { t } = useTranslation();
  const email = useGlobalStore((s) => s.user.email);
  // A compliance reviewer's home is the console (the console shell stores the reviewer as the user).
  const home = useGlobalStore((s) => (s.user.role === REVIEWER ? `${CONSOLE_BASE}/` : `${APP_BASE}/auth/personal`));
  const { header } = useChrome();
  const width = useContentWidth();
  const host = document.getElementById('header-container');
  if (!header || !host) return null;
  return createPortal(
    <header className="border-b border-line bg-ink text-white">
      <div className={`mx-auto flex h-14 ${width} items-center justify-between gap-4 px-4`}>
        <a href={home} className="shrink-0 whitespace-nowrap font-semibold text-primary">
          {t('common.brand')}
        </a>
        {email ? (
          <div className="flex min-w-0 items-center gap-3 text-sm">
            <span className="truncate" data-testid="header-user">
              {email}
            </span>
            <button type="button" onClick={() => void logout()} className="shrink-0 rounded-btn border border-white/30 px-3 py-1 hover:border-primary">
              {t('common.logout')}
            </button>
          </div>
        ) : null}
      </div>
    </header>,
    host,
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
      <footer className="mt-12 border-t border-line px-4 py-4 text-sm text-muted" data-testid="console-footer">
        <div className="mx-auto flex max-w-7xl justify-end">
          <LanguagePicker />
        </div>
      </footer>,
      host,
    );
  }
  return createPortal(
    <footer className="mt-12 border-t border-line px-4 py-6 text-sm text-muted">
      <div className="mx-auto flex max-w-5xl flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
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
