/**
 * The one frame of the account area's header, main content and footer: the same maximum width and
 * the same side padding, so their edges line up at every screen width.
 */
export const PAGE_FRAME = 'mx-auto w-full max-w-5xl px-4';

/** The id of the main content: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** The compliance console's frame: the same padding, wider (its tables need room). */
export const CONSOLE_FRAME = 'mx-auto w-full max-w-7xl px-4';
