import { Component, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../components/ui/spinner.tsx';
import { dispatchPreloadError, isChunkLoadError, usePreloadRecovery } from '../lib/preload/preload-recovery.ts';

/** The translated "reload" state, or a spinner while the page reloads itself. */
export function PreloadFailed() {
  const { t } = useTranslation();
  const state = usePreloadRecovery((s) => s.state);
  if (state === 'reloading') return <PageLoading />;
  return (
    <div role="alert" className="mx-auto my-16 max-w-md px-4 text-center">
      <h1 className="text-lg font-semibold">{t('errors.preload.title')}</h1>
      <p className="mt-2 text-muted">{t('errors.preload.body')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 h-10 rounded-btn bg-primary px-6 font-medium text-primary-fg hover:bg-primary-hover"
      >
        {t('errors.preload.reload')}
      </button>
    </div>
  );
}

interface Props {
  children: ReactNode;
}

/**
 * Catches a lazy screen whose chunk could not be loaded (§2 "each child route loads on demand",
 * §8 preload error): the failure goes through the preload error event (reload once), and the
 * boundary shows the spinner or the reload state instead of a blank page. Other errors pass on.
 */
export class ChunkErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) dispatchPreloadError(error);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    // Translations may still be loading when this boundary sits above every Suspense (main.tsx).
    return (
      <Suspense fallback={null}>
        <PreloadFailed />
      </Suspense>
    );
  }
}
