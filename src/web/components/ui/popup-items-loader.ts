import { useEffect, useState } from 'react';

type PopupItems = typeof import('./popup-items.tsx');

let loaded: PopupItems | undefined;

/**
 * Loads the message and notification items' module (popup-items.tsx). The hosts call it when their
 * first popup arrives, so a page that never shows one does without it (decision 033); tests may
 * await it first so items render in the same turn as the popup.
 */
export function loadPopupItems(): Promise<PopupItems> {
  return import('./popup-items.tsx').then((items) => (loaded = items));
}

/** The items' module once `needed` (a popup is in the store); undefined while it loads. */
export function usePopupItems(needed: boolean): PopupItems | undefined {
  const [items, setItems] = useState(loaded);
  useEffect(() => {
    if (needed && !items) void loadPopupItems().then(setItems);
  }, [needed, items]);
  return items ?? loaded;
}
