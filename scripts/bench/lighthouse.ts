/**
 * Lighthouse (performance and accessibility only): its CLI on Debian's Chromium, started by
 * chrome-launcher headless with the flags below, a new browser and profile for every run
 * (launchLighthouse): nothing is downloaded, nothing leaves the machine. Mobile is the CLI's default
 * (simulated throttling, 4x CPU slowdown, a phone's screen), desktop its desktop preset. A signed-in
 * page finds its session cookie in the browser's cookie jar, set over the DevTools protocol before
 * the run: Lighthouse's extraHeaders put it on the document request, but the app's own API calls
 * went out without it, so the page measured was /login after a redirect. Lighthouse's storage reset
 * leaves cookies alone.
 */
import * as chromeLauncher from 'chrome-launcher';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type LhResult from 'lighthouse/types/lhr/lhr.js';

export type FormFactor = 'desktop' | 'mobile';

export interface LighthouseScore {
  /** 0–100, as Lighthouse shows them. */
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** Accessibility audits that failed, with up to three elements each (empty at 100). */
  accessibilityFailures: { id: string; nodes: string[] }[];
  /** What moved the most (Lighthouse's layout-shifts audit: the element and its share of CLS). */
  shifts: { node: string; score: number }[];
  /** The performance audits that cost the most (Lighthouse's opportunities with estimated savings). */
  opportunities: { id: string; savingsMs: number }[];
  /** Main-thread script time (Lighthouse's bootup-time audit): all scripts, their parse and compile, and the costliest three. */
  script: { totalMs: number; parseCompileMs: number; top: { url: string; ms: number }[] };
}

export interface LighthouseMedian extends LighthouseScore {
  /** Every run's performance score; the median run (by performance) is the one reported. */
  runs: number[];
  errors: string[];
}

/** The flags the Lighthouse CLI is run with here (issue 32), no more: a browser the CLI would not start is not measured. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** One run's ceiling: Lighthouse waits up to 30 s for the load itself, then audits. */
const RUN_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Replaces the browser's cookies with `cookie` ("name=value") for `url`'s origin, or clears them. */
export async function setCookie(port: number, url: string, cookie: string | undefined): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  const send = (method: string, params: object) =>
    new Promise<void>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (event: MessageEvent) => {
        const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (reply.id !== mine) return;
        socket.removeEventListener('message', onMessage);
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve();
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await send('Storage.clearCookies', {});
    if (cookie) {
      const [name, ...value] = cookie.split('=');
      await send('Storage.setCookies', { cookies: [{ name, value: value.join('='), url: new URL(url).origin, httpOnly: true, sameSite: 'Lax' }] });
    }
  } finally {
    socket.close();
  }
}

export interface LighthouseBrowser {
  run(url: string, formFactor: FormFactor, cookie?: string): Promise<LighthouseScore>;
  close(): Promise<void>;
}

/**
 * Lighthouse as its CLI runs it, because it is its CLI: every run is the `lighthouse` command of the
 * installed package in a process of its own (default settings for mobile, `--preset=desktop`), on a
 * Chromium started for that run with a new empty profile (chrome-launcher's temporary user-data-dir)
 * and stopped afterwards. The only thing added is the session cookie, put in that browser's cookie
 * jar before the run (a CLI run given the cookie with `--extra-headers` is sent to /login by the
 * page's first API call: decision 034). The bench used to keep one Chromium for all its runs, desktop
 * before mobile, and ran Lighthouse inside the bench's own process.
 */
export async function launchLighthouse(): Promise<LighthouseBrowser> {
  const launch = () => chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  return {
    async run(url, formFactor, cookie) {
      const chrome = await launch();
      try {
        return await runOnce(chrome.port, url, formFactor, cookie);
      } finally {
        chrome.kill();
      }
    },
    async close() {},
  };
}

/** The Lighthouse CLI of the installed package (its `lighthouse` command). */
const LIGHTHOUSE_CLI = fileURLToPath(import.meta.resolve('lighthouse/cli/index.js'));

/**
 * One run of the Lighthouse CLI itself, in a process of its own, against the Chromium at `port`. The
 * report goes to a file: read from the CLI's standard output, a report of a few megabytes now and
 * then arrived cut short (a failed run).
 */
async function runCli(port: number, url: string, formFactor: FormFactor): Promise<LhResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ua-lighthouse-'));
  const report = path.join(dir, 'report.json');
  try {
    const args = [LIGHTHOUSE_CLI, url, `--port=${port}`, '--output=json', `--output-path=${report}`, '--only-categories=performance,accessibility', '--quiet', '--max-wait-for-load=30000'];
    // Mobile: the CLI's defaults (no preset). Desktop: its desktop preset.
    if (formFactor === 'desktop') args.push('--preset=desktop');
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (!existsSync(report)) throw new Error(`lighthouse ${url}: the CLI exited (${code}) without a report: ${err.trim().split('\n').slice(-2).join(' ')}`);
    return JSON.parse(readFileSync(report, 'utf8')) as LhResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runOnce(port: number, url: string, formFactor: FormFactor, cookie: string | undefined): Promise<LighthouseScore> {
  await withTimeout(setCookie(port, url, cookie), 10_000, 'setting the session cookie');
  const lhr = await withTimeout(runCli(port, url, formFactor), RUN_TIMEOUT_MS, `lighthouse ${url}`);
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A page that sent us elsewhere (a lost session: /login) would be measured as the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`lighthouse ${url}: ended on ${lhr.finalDisplayedUrl}`);
  const audit = (id: string) => lhr.audits[id];
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const a11yIds = lhr.categories.accessibility?.auditRefs.filter((r) => r.weight > 0).map((r) => r.id) ?? [];
  const nodesOf = (id: string) => {
    const details = audit(id)?.details as { items?: { node?: { selector?: string } }[] } | undefined;
    return (details?.items ?? []).slice(0, 3).map((i) => i.node?.selector ?? '?');
  };
  const perfIds = lhr.categories.performance?.auditRefs.map((r) => r.id) ?? [];
  const savings = (id: string) => (audit(id)?.metricSavings as { LCP?: number; FCP?: number } | undefined) ?? {};
  const bootup = ((audit('bootup-time')?.details as { items?: { url: string; total: number; scriptParseCompile: number }[] } | undefined)?.items ?? []).filter((i) => i.url.startsWith('http'));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    cls: Math.round((audit('cumulative-layout-shift')?.numericValue ?? 0) * 1000) / 1000,
    lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? 0),
    tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? 0),
    accessibilityFailures: a11yIds.filter((id) => audit(id)?.score === 0).map((id) => ({ id, nodes: nodesOf(id) })),
    shifts: ((audit('layout-shifts')?.details as { items?: { node?: { selector?: string; snippet?: string }; score?: number }[] } | undefined)?.items ?? [])
      .slice(0, 3)
      .map((i) => ({ node: `${i.node?.selector ?? '?'} ${i.node?.snippet?.slice(0, 80) ?? ''}`, score: Math.round((i.score ?? 0) * 1000) / 1000 })),
    opportunities: perfIds
      .map((id) => ({ id, savingsMs: Math.round(Math.max(savings(id).LCP ?? 0, savings(id).FCP ?? 0)) }))
      .filter((o) => o.savingsMs > 0 && (audit(o.id)?.score ?? 1) < 0.9)
      .sort((a, b) => b.savingsMs - a.savingsMs)
      .slice(0, 5),
    script: {
      totalMs: Math.round(bootup.reduce((n, i) => n + i.total, 0)),
      parseCompileMs: Math.round(bootup.reduce((n, i) => n + i.scriptParseCompile, 0)),
      top: [...bootup]
        .sort((a, b) => b.total - a.total)
        .slice(0, 3)
        .map((i) => ({ url: new URL(i.url).pathname.split('/').filter(Boolean).pop() ?? i.url, ms: Math.round(i.total) })),
    },
  };
}

/**
 * `runs` runs of one page; the run with the median performance score is reported (Lighthouse's own
 * advice). A failed run (Chromium's trace now and then misses its start on a busy machine:
 * NO_NAVSTART) is tried again, up to `runs` more times.
 */
export async function medianOf(browser: LighthouseBrowser, runs: number, url: string, formFactor: FormFactor, cookie?: string): Promise<LighthouseMedian | { errors: string[] }> {
  const done: LighthouseScore[] = [];
  const errors: string[] = [];
  for (let i = 0; i < 2 * runs && done.length < runs; i++) {
    try {
      done.push(await browser.run(url, formFactor, cookie));
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (!done.length) return { errors };
  const sorted = [...done].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, runs: done.map((d) => d.performance), errors };
}
