/**
 * Page weight as Chromium transfers it: every request a page makes until the network is idle, with
 * its body size as received (compressed when the server compressed it). Debian's Chromium with the
 * flags of playwright.config.ts (no browser download, nothing leaves the machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { chromium, type Browser } from '@playwright/test';
import Fastify from 'fastify';
import { buildReferenceReact } from './reference-react-build.ts';

export interface PageRequest {
  url: string;
  type: string;
  /** Body bytes as transferred (encoded). */
  bytes: number;
  encoding: string;
}

export interface PageWeight {
  url: string;
  requests: number;
  bytes: number;
  js: { requests: number; bytes: number };
  css: { requests: number; bytes: number };
  fonts: string[];
  translations: string[];
  apiCalls: string[];
  /**
   * API calls made more than once: the same method, path and body. Two reads of one path with
   * different bodies (kycpopupinfo for bus_type vip and for pro, §7) are two calls, not one twice.
   */
  duplicateApiCalls: string[];
  /** JS/CSS/JSON responses sent without Content-Encoding. */
  uncompressed: string[];
  /**
   * Cumulative layout shift until the network is idle (Chromium's layout-shift entries, those not
   * right after an input), at the given screen size (Lighthouse's desktop one by default). Not Lighthouse's score, but the
   * same measure of what moves as late parts arrive.
   */
  cls: number;
  list: PageRequest[];
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Issue 32's page-weight budgets, as ratios to the bare React 19 app's JavaScript (brotli, every
 * chunk the page loads): the signed-in personal page at most 2.2 times it in at most 16 JavaScript
 * requests, the login page at most 1.9 times. Printed by `npm run bench` (measured in Chromium) and
 * `npm run build` (scripts/size-report.ts, from the build's files).
 */
export const PAGE_BUDGETS = {
  personal: { ratio: 2.2, jsRequests: 16 },
  login: { ratio: 1.9 },
} as const;

/** "OK" or "OVER (…)" for a page's JS against its budget. */
export function budgetVerdict(budget: { ratio: number; jsRequests?: number }, js: { bytes: number; requests: number }, referenceBytes: number): string {
  const ratio = js.bytes / referenceBytes;
  const over = [
    ratio > budget.ratio ? `${((js.bytes - budget.ratio * referenceBytes) / 1024).toFixed(1)} KB over` : '',
    budget.jsRequests !== undefined && js.requests > budget.jsRequests ? `${js.requests - budget.jsRequests} requests over` : '',
  ].filter(Boolean);
  const limit = `budget ${budget.ratio}x${budget.jsRequests !== undefined ? ` in ${budget.jsRequests} requests` : ''}`;
  return `${limit}: ${over.length ? `OVER, ${over.join(', ')}` : 'OK'}`;
}

/** Lighthouse's screen sizes: desktop, and the phone of its mobile run. */
export const VIEWPORTS = { desktop: { width: 1350, height: 940 }, phone: { width: 412, height: 823 } } as const;

/** Sums what `url` loads; `cookie` ("name=value") is set first for a signed-in page. */
export async function measurePage(browser: Browser, url: string, cookie?: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<PageWeight> {
  const context = await browser.newContext();
  try {
    if (cookie) {
      const [name, ...value] = cookie.split('=');
      await context.addCookies([{ name: name!, value: value.join('='), url: new URL(url).origin }]);
    }
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((entries) => {
        for (const e of entries.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const pending: Promise<PageRequest & { method: string; body: string }>[] = [];
    page.on('requestfinished', (req) => {
      pending.push(
        (async () => {
          const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
          return { url: req.url(), method: req.method(), body: req.postData() ?? '', type: req.resourceType(), bytes: sizes.responseBodySize, encoding: (await res?.allHeaders())?.['content-encoding'] ?? '' };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const list = await Promise.all(pending);
    // One more frame, so a shift caused by the last response is counted.
    const cls = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as { __cls: number }).__cls)))));
    const sum = (l: PageRequest[]) => ({ requests: l.length, bytes: l.reduce((s, r) => s + r.bytes, 0) });
    const rel = (u: string) => new URL(u).pathname;
    const apiRequests = list.filter((r) => rel(r.url).startsWith('/x-api/'));
    const api = apiRequests.map((r) => `${r.method} ${rel(r.url)}`);
    const withBody = apiRequests.map((r) => `${r.method} ${rel(r.url)}${r.body ? ` ${r.body}` : ''}`);
    return {
      url,
      ...sum(list),
      js: sum(list.filter((r) => r.type === 'script')),
      css: sum(list.filter((r) => r.type === 'stylesheet')),
      fonts: list.filter((r) => r.type === 'font').map((r) => rel(r.url)),
      translations: list.filter((r) => rel(r.url).includes('/i18n-upload/')).map((r) => rel(r.url)),
      apiCalls: api,
      duplicateApiCalls: [...new Set(withBody.filter((a, i) => withBody.indexOf(a) !== i))],
      uncompressed: list.filter((r) => ['script', 'stylesheet', 'fetch', 'xhr'].includes(r.type) && r.bytes > 1024 && !r.encoding).map((r) => rel(r.url)),
      cls: Math.round(cls * 1000) / 1000,
      list: list.map(({ url: u, type, bytes, encoding }) => ({ url: rel(u), type, bytes, encoding })),
    };
  } finally {
    await context.close();
  }
}

/** A bare React 19 app (scripts/bench/reference-react) built by our Vite, precompressed and served like ours. */
export async function serveReferenceReact(): Promise<{ url: string; close(): Promise<void> }> {
  const out = mkdtempSync(path.join(tmpdir(), 'ua-bench-react-'));
  const server = Fastify({ logger: false });
  const close = async () => {
    await server.close();
    rmSync(out, { recursive: true, force: true });
  };
  try {
    await buildReferenceReact(out);
    await server.register(fastifyStatic, { root: out, preCompressed: true });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}/`, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The reference page (serveReferenceReact), measured in the same browser. */
export async function measureReferenceReact(browser: Browser): Promise<PageWeight> {
  const reference = await serveReferenceReact();
  try {
    return await measurePage(browser, reference.url);
  } finally {
    await reference.close();
  }
}
