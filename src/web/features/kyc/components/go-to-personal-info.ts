const firstField = (section: HTMLElement) => section.querySelector<HTMLElement>('input, select, button');
/** How long a form still loading may take the focus when it arrives. */
const FORM_FOCUS_WAIT_MS = 10_000;

/**
 * Moves the user to the personal-information form and its first field. A form whose chunk is still
 * on its way (a slow connection) gets the focus when its fields arrive, unless the user has moved
 * it elsewhere meanwhile; until then the section holds it.
 */
export function goToPersonalInfo(sectionId: string): void {
  const section = document.getElementById(sectionId);
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const first = firstField(section);
  (first ?? section).focus({ preventScroll: true });
  if (first) return;
  const observer = new MutationObserver(() => {
    const field = firstField(section);
    if (!field) return;
    observer.disconnect();
    if (document.activeElement === section) field.focus({ preventScroll: true });
  });
  observer.observe(section, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), FORM_FOCUS_WAIT_MS);
}
