import type { TelegramLaunch } from './detect.ts';

/** §1: "sets a black background". */
export const TELEGRAM_BACKGROUND = '#000000';

/** The few things we ask of the Telegram client; implemented with @tma.js/sdk (loaded lazily). */
export interface TelegramPort {
  init(): void;
  showBackButton(): void;
  hideBackButton(): void;
  onBackButton(listener: () => void): () => void;
  expand(): void;
  setBackgroundColor(color: string): void;
}

export interface TelegramSetupOptions {
  /** What the back button does: the previous page (§1). */
  onBack?: () => void;
  doc?: Document;
  /** Failures of single features (an old client lacking one) are reported here and do not stop the others. */
  onError?: (step: string, error: unknown) => void;
}

/**
 * §1 Telegram container: shows the back button, which returns to the previous page; expands the
 * view; sets a black background; on iOS hides the back button while the page is hidden (and shows it
 * again when it comes back). Returns a cleanup function.
 */
export function setupTelegram(tg: TelegramPort, launch: TelegramLaunch, options: TelegramSetupOptions = {}): () => void {
  const doc = options.doc ?? document;
  const onBack = options.onBack ?? (() => window.history.back());
  const report = options.onError ?? ((step: string, error: unknown) => console.warn(`Telegram: ${step} failed`, error));
  const cleanups: (() => void)[] = [];
  const attempt = (step: string, fn: () => void) => {
    try {
      fn();
    } catch (error) {
      report(step, error);
    }
  };

  attempt('init', () => tg.init());
  attempt('back button', () => {
    tg.showBackButton();
    cleanups.push(tg.onBackButton(onBack));
  });
  attempt('expand', () => tg.expand());
  attempt('background', () => tg.setBackgroundColor(TELEGRAM_BACKGROUND));
  // The page itself: what shows around and behind the content (overscroll, safe areas) is black too.
  doc.documentElement.style.backgroundColor = TELEGRAM_BACKGROUND;
  doc.documentElement.dataset.container = 'telegram';

  if (launch.platform === 'ios') {
    const onVisibility = () => attempt('back button visibility', () => (doc.visibilityState === 'hidden' ? tg.hideBackButton() : tg.showBackButton()));
    doc.addEventListener('visibilitychange', onVisibility);
    cleanups.push(() => doc.removeEventListener('visibilitychange', onVisibility));
  }
  return () => cleanups.forEach((fn) => fn());
}

/** The port over @tma.js/sdk. Viewport expansion is a plain event: mounting the viewport would wait for the client's reply. */
export function telegramPortFromSdk(sdk: typeof import('@tma.js/sdk')): TelegramPort {
  return {
    init: () => {
      // Custom styles arrive as inline <style> text, which our Content-Security-Policy (style-src 'self') refuses.
      sdk.init({ acceptCustomStyles: false });
    },
    showBackButton: () => {
      if (!sdk.backButton.isMounted()) sdk.backButton.mount();
      sdk.backButton.show();
    },
    hideBackButton: () => sdk.backButton.hide(),
    onBackButton: (listener) => sdk.backButton.onClick(listener),
    expand: () => sdk.postEvent('web_app_expand'),
    setBackgroundColor: (color) => {
      if (!sdk.miniApp.isMounted()) sdk.miniApp.mount();
      sdk.miniApp.setBgColor(color);
      if (sdk.miniApp.setHeaderColor.isAvailable()) sdk.miniApp.setHeaderColor(color);
    },
  };
}

/**
 * Loads the Telegram SDK (its own chunk: only pages inside Telegram pay for it) and sets up the
 * container.
 */
export async function startTelegram(
  launch: TelegramLaunch,
  options: TelegramSetupOptions = {},
  loadSdk: () => Promise<typeof import('@tma.js/sdk')> = () => import('@tma.js/sdk'),
): Promise<() => void> {
  let sdk: typeof import('@tma.js/sdk');
  try {
    sdk = await loadSdk();
  } catch (error) {
    // The page works without the container features (no back button); never an unhandled rejection.
    (options.onError ?? ((step: string, e: unknown) => console.warn(`Telegram: ${step} failed`, e)))('load SDK', error);
    return () => {};
  }
  return setupTelegram(telegramPortFromSdk(sdk), launch, options);
}
