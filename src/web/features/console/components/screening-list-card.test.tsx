import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreeningListInfo } from '../../../../shared/api/screening.ts';
import codes from '../../../../../locales/inverse-error-code/en/core.json';
import common from '../../../../../locales/user-accounts/en/common.json';
import records from '../../../../../locales/user-accounts/en/records.json';
import ui from '../../../../../locales/user-accounts/en/ui.json';
import { clearResponseCache } from '../../../lib/http/index.ts';
import { envelope, installFetch } from '../../../lib/http/testing.ts';
import { globalTestI18n, renderInApp } from '../../../test/render.tsx';
import { ScreeningListCard } from './screening-list-card.tsx';

/** The sanctions/PEP list card of the console's administration page (decision 026), against a fake server at fetch. */
const LIST = '/x-api/v1/console/screening-list';
const v1: ScreeningListInfo = {
  engine: 'inhouse',
  current: { version: 1, source: 'targets.simple.csv', sha256: 'ab'.repeat(32), entryCount: 5, loadedAt: '2026-11-01T10:00:00.000Z', loadedBy: null, yente: null },
  usersToScreen: 2,
  rescreen: null,
};
/** A re-screening under way as a server reports it (decision 044). */
const running: ScreeningListInfo = {
  ...v1,
  usersToScreen: 1500,
  rescreen: { total: 2000, screened: 500, state: 'RUNNING', runStartedAt: '2026-11-01T10:00:00.000Z', perSecond: 42.5, estimatedEnd: '2026-11-01T10:01:00.000Z', finishedAt: null },
};
const render = () => renderInApp(<ScreeningListCard />, globalTestI18n({ 'user-accounts': { records, ui, common }, 'inverse-error-code': codes }));
const csv = (text: string) => new File([text], 'targets.simple.csv', { type: 'text/csv' });

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

describe('the screening list card', () => {
  it('shows the version in use and the users left; "Screen them now" asks the server and shows none left', async () => {
    let info = v1;
    const calls = installFetch((call) => {
      if (call.method === 'POST' && call.url.endsWith(`${LIST}/rescreen`)) info = { ...v1, usersToScreen: 0 };
      return envelope(info);
    });
    render();
    expect(await screen.findByText(/^Version 1: targets\.simple\.csv, 5 people, loaded .* by the command line\.$/)).toBeVisible();
    expect(screen.getByText('Verified users still to be screened against it: 2.')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Screen them now' }));
    expect(await screen.findByText('Every verified user is screened against it.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${LIST}/rescreen`]);
  });

  it('a refused file says the line and the problem on the field; a good one says which version is in use', async () => {
    let refuse = true;
    installFetch((call) => {
      if (call.method === 'POST' && refuse) return envelope({ fields: [{ path: 'file', code: 'SCREENING_LIST_INVALID', params: { line: 2, kind: 'COLUMNS', value: '3', problem: 'expected 15 columns, found 3' } }] }, 10001, 'params error');
      if (call.method === 'POST') return envelope({ ...v1, current: { ...v1.current!, version: 2, loadedBy: 'admin@example.com' } });
      return envelope({ engine: 'inhouse', current: null, usersToScreen: 0, rescreen: null });
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('No list is loaded yet: nobody is screened.')).toBeVisible();
    const load = screen.getByRole('button', { name: 'Load this list' });
    expect(load).toBeDisabled();
    const input = screen.getByLabelText('List file (CSV)');
    await user.upload(input, csv('id,schema\nx,Person,A'));
    await user.click(load);
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 2: 15 columns expected, 3 found.');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await user.upload(input, csv('a good file'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load this list' }));
    expect(await screen.findByText('Version 2 is in use')).toBeVisible();
    expect(screen.getByText(/^Version 2: .* by admin@example\.com\.$/)).toBeVisible();
  });

  it('with yente (decision 043): the dataset and its version in use, no upload; before yente answered, that nobody is screened', async () => {
    let info: ScreeningListInfo = { engine: 'yente', current: null, usersToScreen: 0, rescreen: null };
    installFetch(() => envelope(info));
    const first = render();
    expect(await screen.findByText('yente has not answered yet: no version of its dataset is known, so nobody is screened.')).toBeVisible();
    expect(screen.queryByLabelText('List file (CSV)')).toBeNull();
    first.unmount();
    clearResponseCache();
    info = { engine: 'yente', current: { version: 2, source: 'yente:default@20261120000000-bbb', sha256: '', entryCount: 1200, loadedAt: '2026-11-20T10:00:00.000Z', loadedBy: null, yente: { dataset: 'default', datasetVersion: '20261120000000-bbb' } }, usersToScreen: 0, rescreen: null };
    render();
    expect(await screen.findByText(/^Version 2: yente dataset default, version 20261120000000-bbb, 1200 entities, seen .*\.$/)).toBeVisible();
    expect(screen.getByText(/The list lives in yente: it is updated there, not loaded here/)).toBeVisible();
    expect(screen.queryByText(/SHA-256/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load this list' })).toBeNull();
  });

  it('a re-screening under way: screened of all, its rate and end from the server; waiting, it offers to screen them now; done, none left', async () => {
    let info = running;
    installFetch((call) => {
      if (call.method === 'POST') info = { ...running, usersToScreen: 0, rescreen: { ...running.rescreen!, screened: 2000, state: 'DONE', finishedAt: '2026-11-01T10:01:00.000Z' } };
      return envelope(info);
    });
    const view = render();
    expect(await screen.findByText('Screened 500 of 2,000 verified users.')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Screened 500 of 2,000 verified users.' })).toHaveAttribute('value', '500');
    expect(screen.getByText(/^Re-screening in the background: 42\.5 users a second, done at about .+\.$/)).toBeVisible();
    expect(screen.getByText('Verified users still to be screened against it: 1500.')).toBeVisible();
    // A server is at it: nothing to start.
    expect(screen.queryByRole('button', { name: 'Screen them now' })).toBeNull();
    view.unmount();
    clearResponseCache();

    info = { ...running, rescreen: { ...running.rescreen!, state: 'WAITING', runStartedAt: null, perSecond: null, estimatedEnd: null } };
    render();
    expect(await screen.findByText('Waiting for a server to take the re-screening (each checks every few seconds).')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Screen them now' }));
    expect(await screen.findByText('Every verified user is screened against it.')).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
