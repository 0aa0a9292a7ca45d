import { useEffect, useRef } from 'react';

/**
 * A new page starts at its top. A single-page app keeps the window's scroll when the address
 * changes, so a case opened from far down the queue would open scrolled down, its title and
 * decision bar out of sight. Only a new path counts: a filter in the query string keeps the place.
 */
export function useScrollToTopOnNewPage(path: string): void {
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    window.scrollTo(0, 0);
  }, [path]);
}
