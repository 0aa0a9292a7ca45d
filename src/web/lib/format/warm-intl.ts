/**
 * The first Intl formatter a page makes loads the browser's locale data (ICU): about 23 ms on this
 * machine's Chromium, four times that on Lighthouse's phone, where any later formatter of any locale
 * or options costs a tenth of a millisecond. Made by the first screen that formats an amount, that
 * load landed inside the render of the whole overview, one long task blocking the page (issue 32,
 * decision 064). Made here in a task of its own while the page waits for its first data, it costs
 * the same and blocks nothing the user sees.
 */
export function warmIntl(): void {
  // The browser's own locale: any formatter loads the data every later one shares (and it is the
  // shortest code on a page whose JavaScript budget has no room left).
  setTimeout(() => new Intl.NumberFormat());
}
