import { options } from 'preact';

/**
 * Decision 032: passive effects (useEffect) run in a microtask after each commit, before the browser
 * handles another event. React runs them before the next discrete event (a click, a key); Preact by
 * default waits for the next frame (up to 35 ms), so a quick click could meet an effect of the
 * render before it still pending, which then ran with stale values after the click (the KYC flow's
 * "put the step in the address" effect replaced the step the click had just moved to).
 * Imported first by each entry point and by the web tests' setup.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);
