import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToPersonalInfo } from './go-to-personal-info.ts';

/** The overview's "Add personal information": the form's first field gets the keyboard, even when the form arrives late. */
function section(html: string): HTMLElement {
  const el = document.createElement('section');
  el.id = 'personal-info';
  el.tabIndex = -1;
  el.innerHTML = html;
  el.scrollIntoView = vi.fn();
  document.body.append(el);
  return el;
}
const mutationsDone = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('goToPersonalInfo', () => {
  it('focuses the form’s first field when it is there', () => {
    const el = section('<p>Loaded</p><input name="firstName"><input name="lastName">');
    goToPersonalInfo('personal-info');
    expect(document.activeElement).toBe(el.querySelector('[name="firstName"]'));
    expect(el.scrollIntoView).toHaveBeenCalled();
  });

  it('a form still loading: the section holds the focus, then its first field takes it when it arrives', async () => {
    const el = section('<div role="status">Loading…</div>');
    goToPersonalInfo('personal-info');
    expect(document.activeElement).toBe(el);
    el.innerHTML = '<input name="firstName">';
    await mutationsDone();
    expect(document.activeElement).toBe(el.querySelector('[name="firstName"]'));
  });

  it('leaves the focus where the user moved it before the form arrived', async () => {
    const el = section('<div role="status">Loading…</div>');
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    goToPersonalInfo('personal-info');
    elsewhere.focus();
    el.innerHTML = '<input name="firstName">';
    await mutationsDone();
    expect(document.activeElement).toBe(elsewhere);
  });
});
