import { options } from 'preact';

/**
 * Decision 032: when passive effects (useEffect) run. React runs them after the browser paints, but
 * always before it handles the next discrete event (a click, a key); Preact by default only after
 * the next frame (up to 35 ms), so a quick click could meet an effect of the render before it still
 * pending, which then ran with stale values after the click (the KYC flow's "put the step in the
 * address" effect replaced the step the click had just moved to).
 *
 * Here, as React: after the frame (a render's effects do not hold up its paint: running them in the
 * render's own task tripled the personal page's blocking time on a phone), and pending effects are
 * run first whenever the user acts (a capture listener on the document, before any handler of ours).
 * Preact's flush runs whatever is queued, so running it early and again later is harmless.
 * Imported first by each entry point and by the web tests' setup.
 */
let pending: (() => void) | null = null;

function runPending(): void {
  const flush = pending;
  pending = null;
  flush?.();
}

/** After the next frame, or 35 ms when no frame comes (a hidden tab): Preact's own default. */
function afterNextFrame(): void {
  const hasFrames = typeof requestAnimationFrame === 'function';
  let frame = 0;
  const done = () => {
    clearTimeout(timeout);
    if (hasFrames) cancelAnimationFrame(frame);
    setTimeout(runPending);
  };
  const timeout = setTimeout(done, 35);
  if (hasFrames) frame = requestAnimationFrame(done);
}

options.requestAnimationFrame = (flush) => {
  const first = pending === null;
  pending = flush;
  if (first) afterNextFrame();
};

for (const type of ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'click', 'input', 'change', 'focusin', 'submit']) {
  document.addEventListener(type, runPending, { capture: true });
}
