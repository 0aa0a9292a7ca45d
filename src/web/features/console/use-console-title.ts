import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The console's tab titles: the layout's "Compliance console", and each page's own, "Ask for
 * information · Compliance console". A page's title wins over the layout's whatever order their
 * effects run in: React runs a child's effects before its parent's, so when the layout and its page
 * render in one commit (their chunks arrive together since the route pages name them, decision 060)
 * the layout used to write its title last. Each title is an entry; the deepest (the page), then the
 * newest, is shown; the title before the console comes back when the last entry goes.
 */
const entries = new Map<object, { title: string; depth: number; at: number }>();
let written = 0;
let before: string | null = null;

function show(): void {
  let best: { title: string; depth: number; at: number } | undefined;
  for (const e of entries.values()) if (!best || e.depth > best.depth || (e.depth === best.depth && e.at > best.at)) best = e;
  if (best) {
    document.title = best.title;
  } else if (before !== null) {
    document.title = before;
    before = null;
  }
}

function useTitleEntry(title: string, depth: number): void {
  useEffect(() => {
    const key = {};
    if (entries.size === 0) before = document.title;
    entries.set(key, { title, depth, at: ++written });
    show();
    return () => {
      entries.delete(key);
      show();
    };
  }, [title, depth]);
}

/** A console page's title (over the layout's). */
export function useConsoleTitle(title: string): void {
  const { t } = useTranslation();
  useTitleEntry(`${title} · ${t('console.title')}`, 1);
}

/** The console layout's own title, shown while no page has one. */
export function useConsoleLayoutTitle(): void {
  const { t } = useTranslation();
  useTitleEntry(t('console.title'), 0);
}
