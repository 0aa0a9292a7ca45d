import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleMemberView } from '../../../shared/api/extras-console.ts';
import extrasCodes from '../../../../locales/inverse-error-code/en/extras.json';
import recordsCodes from '../../../../locales/inverse-error-code/en/records.json';
import extras from '../../../../locales/user-accounts/en/extras.json';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../lib/http/testing.ts';
import { usePopupStore } from '../../lib/notify/index.ts';
import ExtrasScreen from './extras-screen.tsx';
import { ME, renderConsole } from './test-utils.tsx';

const MEMBER_ID = '3c0a5f2e-7b1d-4e8a-9f00-0c1d2e3f4a5b';
const member = (tags: Record<string, string> = {}, tagChanges: ConsoleMemberView['tagChanges'] = []): ConsoleMemberView => ({
  id: MEMBER_ID,
  email: 'ada@example.com',
  level: 1,
  residenceCountry: 'DE',
  member_tag: tags,
  tagChanges,
  custody: { custody: 'CUSTODY_UNSPECIFIED', custodyInfo: null, newSatosGray: false, canJoinNewSatos: false, canMoveToEu: false },
  vip: [],
  affiliate: null,
  agreements: [],
});

/** What the console said in its message pop-ups (the pop-up host is the app shell's, not rendered here). */
const said = () => usePopupStore.getState().messages.map((m) => m.content);

const CHANGE_CASE = '9a8b7c6d-0000-4e8a-9f00-0c1d2e3f4a5b';

/** The console API as the server answers it; KYC '1' lowers a duty (decision 036): a plain reviewer is refused, a senior one proposes. */
function server(role: 'reviewer' | 'senior_reviewer' | 'administrator') {
  let tags: Record<string, string> = {};
  let changes: ConsoleMemberView['tagChanges'] = [];
  return installFetch((call: FakeCall) => {
    const path = new URL(call.url, 'http://x').pathname;
    const body = call.body ? JSON.parse(call.body) : {};
    if (path.endsWith('/v1/console/me')) return envelope({ ...ME, role });
    if (path.endsWith('/v1/console/members')) return new URL(call.url, 'http://x').searchParams.get('email') === 'ada@example.com' ? envelope({ id: MEMBER_ID }) : envelope({}, 10011, 'not found');
    if (path.endsWith(`/members/${MEMBER_ID}`)) return envelope(member(tags, changes));
    if (path.endsWith(`/members/${MEMBER_ID}/tag`)) {
      if (body.tagName === 'KYC' && body.value === '1') {
        if (role === 'reviewer') return envelope({ requiredRole: 'senior_reviewer' }, 36013, 'lowering a duty takes a senior reviewer');
        changes = [{ id: 'c-1', caseId: CHANGE_CASE, tagName: 'KYC', value: '1', previousValue: null, reason: body.reason, requestedBy: { id: ME.id, email: ME.email }, requestedAt: '2026-01-02T10:00:00.000Z', status: 'PENDING' }];
        return envelope(member(tags, changes));
      }
      tags = { ...tags, [body.tagName]: body.value };
      return envelope(member(tags, changes));
    }
    if (path.endsWith('/v1/console/announcements') && call.method === 'POST') {
      const published = { id: '7d0e1f2a-0000-4e8a-9f00-0c1d2e3f4a5b', title: body.title, body: body.body, audience: body.audience, translations: body.translations, publishedAt: '2026-01-03T00:00:00.000Z', withdrawnAt: null, acknowledgements: 0 };
      return envelope(published);
    }
    if (path.endsWith('/v1/console/announcements')) return envelope({ items: [{ id: 'n1', title: 'Residence permits', body: 'b', audience: 'ALL', publishedAt: '2026-01-01T00:00:00.000Z', withdrawnAt: null, acknowledgements: 4 }] });
    if (path.endsWith('/v1/console/agreements')) return envelope({ items: [{ product: 'OPTION', version: 2, title: 'Options', body: 'b', publishedAt: '2026-01-01T00:00:00.000Z', acceptances: 7 }] });
    if (path.endsWith('/v1/console/affiliates')) return envelope({ items: [] });
    return envelope({}, 10011, 'not found');
  });
}

describe('console: account extras', () => {
  beforeEach(() => {
    resetRequestLayer();
    usePopupStore.setState({ messages: [], notifications: [] });
  });
  afterEach(() => vi.unstubAllGlobals());
  const render = () => {
    const r = renderConsole(<ExtrasScreen />);
    i18next.addResourceBundle('en', 'user-accounts', { extras }, true, true);
    i18next.addResourceBundle('en', 'inverse-error-code', { ...extrasCodes, ...recordsCodes }, true, true);
    return r;
  };

  it("a plain reviewer finds a member, sets a tag with a reason; KYC '1' is refused in words (two senior reviewers' call)", async () => {
    const user = userEvent.setup();
    const calls = server('reviewer');
    render();
    await user.type(await screen.findByLabelText('Member e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const card = await screen.findByTestId('console-member');
    expect(card).toHaveTextContent('Level 1 · residence DE · CUSTODY_UNSPECIFIED');
    expect(card).toHaveTextContent('KYC=1 (no verification) and KYB=1 (business limits) lower what the member must prove');
    const form = within(card).getByRole('form', { name: 'Set tag' });
    const set = within(form).getByRole('button', { name: 'Set tag' });
    expect(set).toBeDisabled();
    await user.type(within(form).getByLabelText('Reason'), 'Institutional account, no retail KYC');
    await user.click(set);
    await waitFor(() => expect(said()).toEqual([recordsCodes['36013']]));
    expect(within(card).getByTestId('member-tags')).toHaveTextContent('Member tags: –');
    // A tag that lowers nothing is set at once.
    // The refused change keeps its reason for another try; this one gets its own.
    expect(within(form).getByLabelText('Reason')).toHaveValue('Institutional account, no retail KYC');
    await user.selectOptions(within(form).getByLabelText('Tag'), 'NEW_SATOS_GRAY');
    await user.clear(within(form).getByLabelText('Reason'));
    await user.type(within(form).getByLabelText('Reason'), 'Grey release');
    await user.click(set);
    await waitFor(() => expect(within(card).getByTestId('member-tags')).toHaveTextContent('NEW_SATOS_GRAY=1'));
    expect(said()).toEqual([recordsCodes['36013'], 'Saved']);
    expect(calls.filter((c) => c.url.includes('/tag')).map((c) => JSON.parse(c.body!))).toEqual([
      { tagName: 'KYC', value: '1', reason: 'Institutional account, no retail KYC' },
      { tagName: 'NEW_SATOS_GRAY', value: '1', reason: 'Grey release' },
    ]);
    // A plain reviewer sees the lists, not the publishing forms.
    expect(await screen.findByText(/Acknowledged by 4/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Publish an announcement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it("a senior reviewer's KYC '1' shows as a proposal awaiting a second look, with a link to its case", async () => {
    const user = userEvent.setup();
    server('senior_reviewer');
    render();
    await user.type(await screen.findByLabelText('Member e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const card = await screen.findByTestId('console-member');
    const form = within(card).getByRole('form', { name: 'Set tag' });
    await user.type(within(form).getByLabelText('Reason'), 'Institutional account, no retail KYC');
    await user.click(within(form).getByRole('button', { name: 'Set tag' }));
    await waitFor(() => expect(said()).toEqual(['Proposed: a second senior reviewer must confirm it before it applies']));
    const pending = await within(card).findByTestId('member-tag-changes');
    expect(pending).toHaveTextContent(`KYC=1, proposed by ${ME.email} on`);
    expect(pending).toHaveTextContent('awaiting a second look');
    expect(within(pending).getByRole('link', { name: 'Open the case' })).toHaveAttribute('href', `/cases/${CHANGE_CASE}`);
    expect(within(card).getByTestId('member-tags')).not.toHaveTextContent('KYC=1');
  });

  it('an unknown e-mail is said in words; an administrator gets the publishing forms', async () => {
    const user = userEvent.setup();
    server('administrator');
    render();
    await user.type(await screen.findByLabelText('Member e-mail'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('We could not find what you were looking for.')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Publish an announcement' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Publish a new version' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });

  it('an administrator publishes an announcement with its title and text in other languages; a half translation holds the form', async () => {
    const user = userEvent.setup();
    // Pasted: typing 200 characters key by key takes seconds on a busy test machine.
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    const calls = server('administrator');
    render();
    const form = await screen.findByRole('form', { name: 'Publish an announcement' });
    await fill(within(form).getByLabelText('Title'), 'New documents');
    await fill(within(form).getByLabelText('Text'), 'Residence permits work now.');
    // Every shipped language but the one it is written in, folded away until opened.
    await user.click(within(form).getByText(/^Translations · 0 of 15$/));
    expect(within(form).getAllByTestId(/^translation-/)).toHaveLength(15);
    await fill(within(form).getByLabelText('Title (Deutsch)'), 'Neue Dokumente');
    await fill(within(form).getByLabelText('Text (Deutsch)'), 'Aufenthaltstitel funktionieren jetzt.');
    await fill(within(form).getByLabelText('Title (日本語)'), '新しい書類');
    expect(within(form).getByLabelText('Title (日本語)')).toHaveAttribute('lang', 'ja-JP');
    expect(within(form).getByLabelText('Text (العربية)')).toHaveAttribute('dir', 'rtl');
    // Japanese has a title and no text: said at the field, and nothing can be published.
    expect(within(form).getByLabelText('Title (日本語)')).toHaveAccessibleDescription('Give both the title and the text in this language, or neither.');
    expect(within(form).getByRole('button', { name: 'Publish' })).toBeDisabled();
    await fill(within(form).getByLabelText('Text (日本語)'), '在留カードが使えるようになりました。');
    expect(within(form).getByText(/^Translations · 2 of 15$/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(said()).toEqual(['Saved']));
    const sent = calls.filter((c) => c.method === 'POST' && c.url.endsWith('/v1/console/announcements')).map((c) => JSON.parse(c.body!));
    expect(sent).toEqual([
      {
        title: 'New documents',
        body: 'Residence permits work now.',
        audience: 'ALL',
        translations: { 'de-DE': { title: 'Neue Dokumente', body: 'Aufenthaltstitel funktionieren jetzt.' }, 'ja-JP': { title: '新しい書類', body: '在留カードが使えるようになりました。' } },
      },
    ]);
    // The form is empty again, translations included.
    expect(within(form).getByLabelText('Title (Deutsch)')).toHaveValue('');
  });
});
