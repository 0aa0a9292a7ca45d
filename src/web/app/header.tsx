import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { logout } from '../lib/session/logout.ts';
import { useGlobalStore } from '../store/global.ts';

/** §2: the header is mounted into the host page's container. */
export function Header() {
  const { t } = useTranslation();
  const email = useGlobalStore((s) => s.user.email);
  const host = document.getElementById('header-container');
  if (!host) return null;
  return createPortal(
    <header className="border-b border-line bg-ink text-white">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-4 px-4">
        <a href="/user/accounts/auth/personal" className="font-semibold text-primary">
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

/** §2: the footer is mounted into the host page's container. */
export function Footer() {
  const { t } = useTranslation();
  const host = document.getElementById('footer-container');
  if (!host) return null;
  return createPortal(
    <footer className="mt-12 border-t border-line py-6 text-center text-sm text-muted">
      {t('common.footer', { year: new Date().getFullYear() })}
    </footer>,
    host,
  );
}
