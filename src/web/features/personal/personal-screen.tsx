import { useTranslation } from 'react-i18next';
import { logout } from '../../lib/session/logout.ts';
import { useGlobalStore } from '../../store/global.ts';

/** §2 personal: who is signed in, with logout. The personal-information step builds on this page. */
export default function PersonalScreen() {
  const { t } = useTranslation();
  const user = useGlobalStore((s) => s.user);
  return (
    <section aria-labelledby="personal-title" className="mx-auto max-w-xl">
      <h1 id="personal-title" className="text-2xl font-semibold">
        {t('personal.title')}
      </h1>
      <div className="mt-6 rounded-lg border border-line p-4">
        <p className="text-sm text-muted">{t('personal.signedInAs')}</p>
        <p className="mt-1 break-all text-lg font-medium" data-testid="personal-email">
          {user.email}
        </p>
        <p className="mt-1 text-sm text-muted">{t('personal.userId', { id: user.id })}</p>
        <button
          type="button"
          onClick={() => void logout()}
          className="mt-4 h-10 rounded-btn border border-line px-4 font-medium hover:border-primary"
        >
          {t('common.logout')}
        </button>
      </div>
    </section>
  );
}
