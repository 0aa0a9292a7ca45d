import { DEMO, expect, loginThroughPage, test } from './support/fixtures.ts';

/**
 * The UI kit's popup renderers are mounted on both pages of the built app (components/ui
 * NotifyHosts): the §9 toast region with its label and F8 hotkey, the status toasts, the message
 * and notification hosts at their §9 positions, on a phone and on a right-to-left page.
 */

test('the login page mounts every popup renderer at its §9 place', async ({ page }) => {
  await page.goto('/login');
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  const status = page.getByRole('region', { name: 'Status messages (Shift+F8)' });
  await expect(toasts).toBeAttached();
  await expect(status).toBeAttached();

  const messages = page.getByRole('region', { name: 'Messages', exact: true });
  const notices = page.getByRole('region', { name: 'Notices', exact: true });
  await expect(messages).toHaveCSS('top', '8px');
  await expect(messages).toHaveCSS('position', 'fixed');
  await expect(notices).toHaveCSS('bottom', '40px');
  await expect(notices).toHaveCSS('width', '320px');
  // The theme was built: IBM Plex Sans from our own origin, the §9 brand colour on the title.
  await expect(page.locator('html')).toHaveCSS('font-family', /IBM Plex Sans/);
  await expect(page.getByText('Exchange Account')).toHaveCSS('color', 'rgb(247, 166, 0)');

  // F8 takes keyboard users to the design-system toasts, Shift+F8 to the status toasts.
  await page.getByLabel('E-mail').focus();
  await page.keyboard.press('F8');
  expect(await toasts.evaluate((region) => region.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Shift+F8');
  expect(await status.evaluate((region) => region.contains(document.activeElement))).toBe(true);
});

test('the account area mounts them too; on a 375 px phone and right-to-left they stay on screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginThroughPage(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/user\/accounts\/auth\/personal$/);
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeAttached();

  const notices = page.getByRole('region', { name: 'Notices', exact: true });
  const ltr = (await notices.boundingBox())!;
  expect(ltr.x + ltr.width).toBeLessThanOrEqual(375);
  expect(ltr.x).toBeGreaterThan(0);
  // Logical properties: on a right-to-left page the stack sits at the other (end) edge.
  await page.evaluate(() => {
    document.documentElement.dir = 'rtl';
  });
  await expect.poll(async () => (await notices.boundingBox())!.x).toBeLessThan(ltr.x);
  const rtl = (await notices.boundingBox())!;
  expect(rtl.x).toBeGreaterThanOrEqual(0);
  expect(Math.round(375 - (rtl.x + rtl.width))).toBe(Math.round(ltr.x));
});

test('a real status toast: shown by the request layer, at most 480 px wide, swiped down to dismiss', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  // The demo member invited to the VIP programme: "Not now" on the pop-up saves the answer (tagmember),
  // a call the request layer reports itself. (The profile load shows its own error state instead, §3.)
  await loginThroughPage(page, 'vip-invited@example.com', 'demo-password-1');
  const vip = page.getByRole('dialog', { name: 'Verify to join the VIP programme' });
  await expect(vip).toBeVisible();
  // The server's test-faults plugin answers that call with §8's 1007 (nothing mocked); the tag stays unset.
  const armed = await page.request.post('/x-api/v1/test/faults', { data: { path: '/v3/private/user/member/tagmember', retCode: 1007, retMsg: 'session expired' } });
  expect((await armed.json()).ret_code).toBe(0);
  await vip.getByRole('button', { name: 'Not now' }).click();

  const status = page.getByRole('region', { name: 'Status messages (Shift+F8)' });
  const toast = status.getByRole('listitem').filter({ hasText: 'Timeout, session expired.' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-icon', 'fail');
  await expect(toast.locator('svg')).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(480);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);

  // Pointing at it pauses its 3 s countdown (Radix), so it is still there well after 3 s…
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(3500);
  await expect(toast).toBeVisible();
  // …until it is swiped down with the pointer (Radix's threshold is 50 px).
  await page.mouse.down();
  for (const dy of [10, 30, 60, 90]) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + dy);
  await page.mouse.up();
  await expect(toast).toBeHidden({ timeout: 1000 });
});

test("a caller's class wins over a kit component's own, and a variant over a default, by the cascade (decision 037)", async ({ page }) => {
  await page.goto('/login');
  // Classes the built stylesheet has (the kit's field height, a button size, a caller's height).
  const heightOf = (classes: string) =>
    page.evaluate((className) => {
      const probe = document.createElement('div');
      probe.className = className;
      document.body.append(probe);
      const height = getComputedStyle(probe).height;
      probe.remove();
      return height;
    }, classes);
  expect(await heightOf('kit:h-11')).toBe('44px');
  expect(await heightOf('kit:h-11 kitv:h-10')).toBe('40px');
  expect(await heightOf('kitv:h-10 kit:h-11')).toBe('40px');
  expect(await heightOf('kit:h-11 kitv:h-10 h-8')).toBe('32px');
  // A real one: the login form's e-mail field is the kit's 44 px control.
  await expect(page.getByLabel('E-mail')).toHaveCSS('height', '44px');
});

test("the login header's language picker shows the whole name of the language, on a phone and a desktop (issue 27)", async ({ page }) => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    await page.goto('/login?lang=en-US');
    const picker = page.getByTestId('language-picker');
    await expect(picker).toHaveValue('en-US');
    // The chosen name, drawn in the control's own font, fits inside it (padding and the arrow left aside).
    const fit = await picker.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(el.selectedOptions[0]!.text).width;
      const room = el.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
      return { text: el.selectedOptions[0]!.text, fits: text <= room + 0.5, brandVisible: document.querySelector('header span')!.getBoundingClientRect().width > 40 };
    });
    expect(fit).toEqual({ text: 'English (United States)', fits: true, brandVisible: true });
  }
});
