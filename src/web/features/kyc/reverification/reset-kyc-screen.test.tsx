import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import reverificationEn from '../../../../../locales/user-accounts/en/reverification.json';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../../lib/http/testing.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { renderKyc } from '../test-utils.tsx';
import ResetKycScreen from './reset-kyc-screen.tsx';

function serve(status: string, selfReset: (body: Record<string, unknown>) => Response): (call: FakeCall) => Response {
  return (call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/kyc-info')) return envelope({ opened: true, state: [{ level: 1, status, type: 'INDIVIDUAL' }, { level: 2, status: 'NOT_ALLOW', type: 'INDIVIDUAL' }] });
    if (path.endsWith('/self-reset')) return selfReset(JSON.parse(call.body ?? '{}'));
    return envelope({}, 10011, 'not found');
  };
}

function renderReset(status: string, selfReset: (body: Record<string, unknown>) => Response = () => envelope({})) {
  const calls = installFetch(serve(status, selfReset));
  const r = renderKyc(<ResetKycScreen />);
  i18next.addResourceBundle('en', 'user-accounts', { reverification: reverificationEn }, true, true);
  return { calls, ...r };
}

describe('resetkyc (§2, §7 self-reset)', () => {
  beforeEach(() => {
    resetRequestLayer();
    useGlobalStore.setState({ user: { id: 'u1', email: 'a@example.com', member_tag: {} } });
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a level that is not FAILED_AND_CAN_RETRY cannot be started over: said so, nothing sent', async () => {
    const { calls } = renderReset('PENDING');
    expect(await screen.findByTestId('reset-not-allowed')).toHaveTextContent('Level 1 cannot be started over in its current state.');
    expect(calls.some((c) => c.url.includes('/self-reset'))).toBe(false);
  });

  it('asks for the e-mailed code (30101), then sends it and says the level may start again', async () => {
    const bodies: Record<string, unknown>[] = [];
    renderReset('FAILED_AND_CAN_RETRY', (body) => {
      bodies.push(body);
      return body.otp ? envelope({ level: 1, status: 'ALLOW' }) : envelope({ email: 'a***@example.com', expiresInSeconds: 600 }, 30101, 'otp required');
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByText('We sent a 6-digit code to a***@example.com. It is valid for 10 minutes.')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Start over' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/Code from the e-mail/), '123456');
    await user.click(confirm);
    expect(await screen.findByTestId('reset-done')).toHaveTextContent('You can now start level 1 again.');
    expect(bodies).toEqual([{ level: 1 }, { level: 1, otp: '123456' }]);
  });
});
