import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A console page's tab title, "Ask for information · Compliance console". The title before it comes
 * back when the page closes: the console's layout stays mounted and does not set its own again, so a
 * reviewer back on the queue would otherwise read the last form's title.
 */
export function useConsoleTitle(title: string): void {
  const { t } = useTranslation();
  const full = `${title} · ${t('console.title')}`;
  useEffect(() => {
    const previous = document.title;
    document.title = full;
    return () => {
      document.title = previous;
    };
  }, [full]);
}
