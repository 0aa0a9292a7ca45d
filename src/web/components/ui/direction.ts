import { useSyncExternalStore } from 'react';

export type Direction = 'ltr' | 'rtl';

function read(): Direction {
  return document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['dir'] });
  return () => observer.disconnect();
}

/**
 * The page direction as set on `<html dir>` (§2: right-to-left for the languages in the RTL list).
 * Follows changes, so components that must flip behaviour (not just layout, which logical CSS
 * properties handle) stay right after a language switch: e.g. which way a toast is swiped away.
 */
export function useDocumentDirection(): Direction {
  return useSyncExternalStore(subscribe, read, () => 'ltr');
}
