import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import config, { E2E_PORT } from '../playwright.config.ts';
import { DEMO, expect, registerViaApi, test, uniqueEmail } from './support/fixtures.ts';

// §1 regions come from the hostname: map the .hk and .ae test hosts to our server (keeping the default args).
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP *.hk 127.0.0.1,MAP *.ae 127.0.0.1', '--disable-features=HttpsUpgrades'],
  },
});

const HK = `http://accounts.exchange.hk:${E2E_PORT}`;
const AE = `http://accounts.exchange.ae:${E2E_PORT}`;
const html = (page: Page) => page.locator('html');

/** The hashed file of the lazily loaded Telegram SDK, from the build's manifest. */
function telegramChunk(): string {
  const dist = path.resolve(process.env.WEB_DIST ?? 'dist/web');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = Object.entries(manifest).find(([src]) => src.includes('@tma.js/sdk'));
  if (!entry) throw new Error('no @tma.js/sdk chunk in the manifest');
  return entry[1].file;
}

async function logInOnForm(page: Page, email: string, password: string, emailLabel: string, passwordLabel: string) {
  await page.getByLabel(emailLabel).fill(email);
  await page.getByLabel(passwordLabel, { exact: true }).fill(password);
  await page.locator('button[type=submit]').click();
}

test('?lang=de-DE switches to German and is remembered; an unsupported lang falls back to English', async ({ page, context }) => {
  const scripts: string[] = [];
  page.on('request', (r) => scripts.push(r.url()));

  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/login?lang=de-DE');
  await expect(page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible();
  // The tab's title is German too (it said "Log in" in every language), and the page's icon is ours (no 404 for /favicon.ico).
  await expect(page).toHaveTitle('Anmelden · Konto');
  // Inline (decision 069: no request on the way to the first paint), and our own drawing.
  const icon = (await page.locator('link[rel=icon]').getAttribute('href')) ?? '';
  expect(icon.startsWith('data:image/svg+xml,')).toBe(true);
  expect(decodeURIComponent(icon.slice('data:image/svg+xml,'.length))).toBe(readFileSync('src/web/favicon.svg', 'utf8').trim());
  await expect(html(page)).toHaveAttribute('lang', 'de-DE');
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de-DE');

  // Next visit without the parameter: still German.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible();

  await registerViaApi(page, uniqueEmail('lang'));
  const profile = page.waitForRequest((r) => r.url().includes('/x-api/v2/private/user/profile'));
  await page.goto('/user/accounts/auth/personal');
  await expect(page.getByRole('heading', { name: 'Mein Konto' })).toBeVisible();
  await expect(page.getByLabel('Sprache')).toHaveValue('de-DE');
  expect(failed).toEqual([]);
  // The request layer gets the language and platform from us (§7).
  const headers = (await profile).headers();
  expect(headers['accept-language']).toBe('de-DE');
  expect(headers['platform']).toBe('pc');

  // §9: the device GUID cookie lives 120 days.
  const guid = (await context.cookies()).find((c) => c.name === 'ua_guid');
  expect(guid?.value).toMatch(/^[0-9a-f-]{36}$/);
  const days = (guid!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(119.9);
  expect(days).toBeLessThan(120.1);

  // Unsupported: the default (English), saved as the new choice.
  await page.goto('/user/accounts/auth/personal?lang=xx-XX');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');

  // Outside Telegram the Telegram SDK is never downloaded.
  expect(scripts.some((u) => u.endsWith(telegramChunk()))).toBe(false);
});

test('the footer picker switches language from the keyboard, keeps it, and help links follow', async ({ page }) => {
  await registerViaApi(page, uniqueEmail('picker'));
  await page.goto('/user/accounts/auth/personal?lang=en');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  const picker = page.getByLabel('Language');
  // Main region: the 13 supported languages, no HK or Arabic.
  const values = await picker.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(values).toEqual(['en', 'en-US', 'zh-CN', 'zh-TW', 'ja-JP', 'ko-KR', 'ru-RU', 'id-ID', 'es-ES', 'tr-TR', 'th-TH', 'vi-VN', 'de-DE']);
  // The default help links are the app's own help centre on this host (decision 015).
  await expect(page.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', `http://127.0.0.1:${E2E_PORT}/user/accounts/help/faq`);

  await picker.focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('heading', { name: 'Mein Konto' })).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'de-DE');
  // The link's ?lang= no longer overrides the choice.
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/personal$/);
  await page.getByLabel('Sprache').selectOption('ja-JP');
  await expect(page.getByRole('heading', { name: 'マイアカウント' })).toBeVisible();
  // The help page opens in a new tab in the chosen language.
  const [help] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'よくある質問' }).click()]);
  await expect(help.getByRole('heading', { level: 1 })).toHaveText(/本人確認/);
  await expect(help).toHaveTitle(/ヘルプセンター/);
  await help.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'マイアカウント' })).toBeVisible();
  await expect(page.getByLabel('言語')).toHaveValue('ja-JP');
});

test('the UAE site offers Arabic, right to left; the main site does not', async ({ page }) => {
  await page.goto(`${AE}/login?lang=ar-SA`);
  await expect(page.getByRole('heading', { name: 'سجّل الدخول إلى حسابك' })).toBeVisible();
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(html(page)).toHaveAttribute('lang', 'ar-SA');

  await logInOnForm(page, DEMO.email, DEMO.password, 'البريد الإلكتروني', 'كلمة المرور');
  await expect(page).toHaveURL(`${AE}/user/accounts/auth/personal`);
  await expect(page.getByRole('heading', { name: 'حسابي' })).toBeVisible();
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  const picker = page.getByLabel('اللغة');
  await expect(picker).toHaveValue('ar-SA');
  await expect(picker.locator('option')).toHaveCount(14);
  // Logical CSS: in RTL the footer's picker sits on the left, the text on the right.
  const footerText = await page.locator('footer p').boundingBox();
  const pickerBox = await picker.boundingBox();
  if (footerText && pickerBox && (page.viewportSize()?.width ?? 0) >= 640) expect(pickerBox.x).toBeLessThan(footerText.x);

  // Switching to a left-to-right language flips the page back.
  await picker.selectOption('en');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(html(page)).toHaveAttribute('dir', 'ltr');

  await page.goto('/login?lang=ar-SA');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await expect(html(page)).toHaveAttribute('dir', 'ltr');
});

test('a .hk host offers only the HK languages, zh-HK by default, en-HK selectable', async ({ page }) => {
  await page.goto(`${HK}/login`);
  await expect(html(page)).toHaveAttribute('lang', 'zh-HK');
  await expect(page.getByRole('heading', { name: '登入你的帳戶' })).toBeVisible();

  await logInOnForm(page, DEMO.email, DEMO.password, '電郵', '密碼');
  await expect(page).toHaveURL(`${HK}/user/accounts/auth/personal`);
  await expect(page.getByRole('heading', { name: '我的帳戶' })).toBeVisible();
  const picker = page.getByLabel('語言');
  const values = await picker.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(values).toEqual(['en-HK', 'zh-HK']);
  await expect(page.getByRole('link', { name: '常見問題' })).toHaveAttribute('href', /^http:\/\/[^/]*exchange\.hk[^/]*\/user\/accounts\/help\/faq$/);

  await picker.selectOption('en-HK');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(html(page)).toHaveAttribute('lang', 'en-HK');
  await expect(page.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', /^http:\/\/[^/]*exchange\.hk[^/]*\/user\/accounts\/help\/faq$/);

  // A main-site language is not offered here: the HK default.
  await page.goto(`${HK}/user/accounts/auth/personal?lang=de-DE`);
  await expect(page.getByRole('heading', { name: '我的帳戶' })).toBeVisible();
});

test('inside Telegram: back button, expanded view, black background; back returns to the previous page', async ({ page }) => {
  // The host side of Telegram's bridge, as its mobile clients provide it: events the app posts are recorded.
  await page.addInitScript(() => {
    const w = window as unknown as { __tgEvents: { type: string; data: unknown }[]; TelegramWebviewProxy: unknown };
    w.__tgEvents = [];
    w.TelegramWebviewProxy = { postEvent: (type: string, data?: string) => w.__tgEvents.push({ type, data: data ? JSON.parse(data) : null }) };
  });
  const events = () => page.evaluate(() => (window as unknown as { __tgEvents: { type: string; data: unknown }[] }).__tgEvents);
  const scripts: string[] = [];
  page.on('request', (r) => scripts.push(r.url()));

  await registerViaApi(page, uniqueEmail('tg'));
  const profile = page.waitForRequest((r) => r.url().includes('/x-api/v2/private/user/profile'));
  await page.goto('/user/accounts/auth/complianceTasks#tgWebAppVersion=8.0&tgWebAppPlatform=ios&tgWebAppThemeParams=%7B%7D');
  await expect(page.getByRole('heading', { name: 'Compliance tasks' })).toBeVisible();

  await expect.poll(events).toEqual(
    expect.arrayContaining([
      { type: 'web_app_setup_back_button', data: { is_visible: true } },
      { type: 'web_app_expand', data: null },
      { type: 'web_app_set_background_color', data: { color: '#000000' } },
    ]),
  );
  await expect(html(page)).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  expect(scripts.some((u) => u.endsWith(telegramChunk()))).toBe(true);
  const headers = (await profile).headers();
  expect(headers['platform']).toBe('ios_tg');
  expect(headers['x-client-agent']).toMatch(/^Exchange\/telegram \(ios; /);

  // Go somewhere, then press Telegram's back button (an event from the host).
  await page.getByRole('link', { name: 'Back to verification' }).click();
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/personal$/);
  await page.evaluate(() => (window as unknown as { Telegram: { WebView: { receiveEvent: (t: string) => void } } }).Telegram.WebView.receiveEvent('back_button_pressed'));
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/complianceTasks/);
  await expect(page.getByRole('heading', { name: 'Compliance tasks' })).toBeVisible();

  // iOS: the back button is hidden while the page is hidden, and shown again when it returns.
  const setVisibility = (state: string) =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  await expect.poll(async () => (await events()).at(-1)).toEqual({ type: 'web_app_setup_back_button', data: { is_visible: false } });
  await setVisibility('visible');
  await expect.poll(async () => (await events()).at(-1)).toEqual({ type: 'web_app_setup_back_button', data: { is_visible: true } });
});

test("the exchange's app view hides the header; the SDK view hides header and footer", async ({ browser }) => {
  const app = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 ExchangeApp/5.2.0' });
  const appPage = await app.newPage();
  await registerViaApi(appPage, uniqueEmail('appview'));
  await appPage.goto('/user/accounts/auth/personal');
  await expect(appPage.getByTestId('personal-email')).toBeVisible();
  await expect(appPage.locator('#header-container header')).toHaveCount(0);
  await expect(appPage.locator('#footer-container footer')).toBeVisible();
  await app.close();

  // A browser language we do not offer, so the SDK view's own default shows.
  const sdk = await browser.newContext({ locale: 'fr-FR' });
  const sdkPage = await sdk.newPage();
  await registerViaApi(sdkPage, uniqueEmail('sdkview'));
  await sdkPage.goto('/user/accounts/auth/personal');
  await expect(sdkPage.locator('#header-container header')).toBeVisible();
  await sdkPage.goto('/user/accounts/auth/sdk?lang=de-DE');
  // The SDK page (issue 14) without a token: its title, and that the link is not valid.
  await expect(sdkPage.getByRole('heading', { name: 'Bestätigen Sie Ihre Identität' })).toBeVisible();
  await expect(sdkPage.locator('#header-container header')).toHaveCount(0);
  await expect(sdkPage.locator('#footer-container footer')).toHaveCount(0);
  // §9: the SDK view's default language is es-ES.
  await sdkPage.evaluate(() => localStorage.removeItem('i18nextLng'));
  await sdkPage.goto('/user/accounts/auth/sdk');
  await expect(sdkPage.locator('html')).toHaveAttribute('lang', 'es-ES');
  await expect(sdkPage.getByRole('heading', { name: 'Verifica tu identidad' })).toBeVisible();
  await sdk.close();
});
