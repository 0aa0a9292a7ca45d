import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CanQuickKycResult, DoQuickKycResult } from '../../../shared/api/quick-kyc.ts';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../lib/http/testing.ts';
import { renderKyc } from './test-utils.tsx';
import VendorScreen from './vendor-screen.tsx';

const NIGERIA: CanQuickKycResult = { eligible: true, reason: null, country: 'NG', provider: 'PROVIDER_SUMSUB', idTypes: ['BVN', 'NIN'], status: 'ALLOW', attemptsLeft: 3, retryAfterSeconds: 0 };
const APPROVED: DoQuickKycResult = { applicationId: 'a1', outcome: 'APPROVED', status: 'SUCCESS', reasonCode: null, idType: 'BVN', maskedNumber: '•••••••5678', attemptsLeft: 2 };

type Reply = Response | Promise<Response>;
function serve(can: CanQuickKycResult, done: (call: FakeCall) => Reply = () => envelope(APPROVED)) {
  return (call: FakeCall): Reply => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/can-quick-kyc')) return envelope(can);
    if (path.endsWith('/do-quick-kyc')) return done(call);
    return envelope({}, 10011, 'not found');
  };
}
const doCalls = (calls: FakeCall[]) => calls.filter((c) => c.url.includes('/do-quick-kyc'));

describe('vendor route: quick KYC by an identity number', () => {
  beforeEach(() => resetRequestLayer());
  afterEach(() => vi.unstubAllGlobals());

  it('offers the country’s numbers; a typing mistake is refused here, in words, without a check', async () => {
    const user = userEvent.setup();
    const calls = installFetch(serve(NIGERIA));
    renderKyc(<VendorScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify with your identity number' })).toBeInTheDocument();
    expect(await screen.findByText('Which number do you want to use?', { selector: 'legend' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Bank Verification Number \(BVN\)/ })).toBeChecked();
    const input = screen.getByLabelText(/^Bank Verification Number \(BVN\)/, { selector: 'input[type=text]' });
    expect(screen.getByText(/11 digits\. Dial \*565\*0#/)).toBeInTheDocument();
    expect(screen.getByTestId('attempts-left')).toHaveTextContent('Checks left today: 3');

    await user.type(input, '1234');
    await user.click(screen.getByRole('button', { name: 'Check my number' }));
    expect(screen.getByText('Bank Verification Number (BVN) must have exactly 11 digits.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(doCalls(calls)).toEqual([]);
    // The way out is always there.
    expect(screen.getByRole('link', { name: 'Verify with a document instead' })).toHaveAttribute('href', '/kyc');
  });

  it('keyboard: arrow keys choose the NIN, the label and help follow; Enter sends the number without spaces; level 1 reached and what is next', async () => {
    const user = userEvent.setup();
    let release: (r: Response) => void = () => {};
    const calls = installFetch(serve(NIGERIA, () => new Promise<Response>((resolve) => (release = resolve))));
    renderKyc(<VendorScreen />);
    const bvn = await screen.findByRole('radio', { name: /Bank Verification Number/ });
    bvn.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: /National Identification Number/ })).toBeChecked();
    const input = screen.getByLabelText(/^National Identification Number \(NIN\)/, { selector: 'input[type=text]' });
    await user.click(input);
    await user.keyboard('700 1234 5678{Enter}');
    await waitFor(() => expect(doCalls(calls)).toHaveLength(1));
    expect(JSON.parse(doCalls(calls)[0]!.body!)).toEqual({ idType: 'NIN', idNumber: '70012345678' });
    // While the registry answers: a loading button, the field locked.
    expect(screen.getByRole('button', { name: /Checking with the registry/ })).toHaveAttribute('aria-disabled', 'true');
    expect(input).toBeDisabled();
    release(envelope({ ...APPROVED, idType: 'NIN' }));
    expect(await screen.findByRole('heading', { name: 'Level 1 verified' })).toBeInTheDocument();
    expect(screen.getByText('The registry confirmed your National Identification Number (NIN) ending in •••••••5678.')).toBeInTheDocument();
    expect(screen.getByTestId('what-next')).toHaveTextContent(/Level 2 is now open/);
    expect(screen.getByRole('link', { name: 'Continue with level 2' })).toHaveAttribute('href', '/kyc?level=2');
  });

  it('not matched: the reason, the document path, and another try while checks are left', async () => {
    const user = userEvent.setup();
    installFetch(serve(NIGERIA, () => envelope({ ...APPROVED, outcome: 'NOT_MATCHED', status: 'FAILED_AND_CAN_RETRY', reasonCode: 'DATA_MISMATCH', attemptsLeft: 1 })));
    renderKyc(<VendorScreen />);
    await user.type(await screen.findByLabelText(/^Bank Verification Number/, { selector: 'input[type=text]' }), '22287654321');
    await user.click(screen.getByRole('button', { name: 'Check my number' }));
    expect(await screen.findByRole('heading', { name: 'Your details do not match the registry' })).toBeInTheDocument();
    expect(screen.getByText(/holds other details for the Bank Verification Number \(BVN\) ending in •••••••5678/)).toBeInTheDocument();
    expect(screen.getByTestId('what-next')).toHaveTextContent('Checks left today: 1');
    expect(screen.getByRole('link', { name: 'Verify with a document' })).toHaveAttribute('href', '/kyc');
    await user.click(screen.getByRole('button', { name: 'Try another number' }));
    expect(await screen.findByRole('button', { name: 'Check my number' })).toBeInTheDocument();
  });

  it('the vendor down: its translated message, the form kept; a field error from the server lands on the field', async () => {
    const user = userEvent.setup();
    let reply = envelope({ provider: 'PROVIDER_SUMSUB' }, 35006, 'verification provider unavailable');
    installFetch(serve(NIGERIA, () => reply));
    renderKyc(<VendorScreen />);
    const input = await screen.findByLabelText(/^Bank Verification Number/, { selector: 'input[type=text]' });
    await user.type(input, '22212345678');
    await user.click(screen.getByRole('button', { name: 'Check my number' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The verification service is not responding right now.');
    reply = envelope({ fields: [{ path: 'idNumber', code: 'quick-kyc.check_digit' }] }, 10001, 'params error');
    await user.click(screen.getByRole('button', { name: 'Check my number' }));
    expect(await screen.findByText('This Bank Verification Number (BVN) is not valid: please check it for typing mistakes.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('South Africa: one number, no choice; the Luhn check digit is checked in the browser', async () => {
    const user = userEvent.setup();
    const calls = installFetch(serve({ ...NIGERIA, country: 'ZA', idTypes: ['ZA_ID'] }));
    renderKyc(<VendorScreen />);
    const input = await screen.findByLabelText(/^South African ID number/, { selector: 'input[type=text]' });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await user.type(input, '9001015009087');
    await user.click(screen.getByRole('button', { name: 'Check my number' }));
    expect(screen.getByText('This South African ID number is not valid: please check it for typing mistakes.')).toBeInTheDocument();
    expect(doCalls(calls)).toEqual([]);
  });

  it.each([
    ['COUNTRY_NOT_OFFERED', 'The quick check is not available in your country', 'Verify with a document', '/kyc'],
    ['PERSONAL_INFO_MISSING', 'Add your personal information first', 'Add personal information', '/personal'],
    ['ATTEMPTS_EXHAUSTED', 'No checks left today', 'Verify with a document', '/kyc'],
    ['LEVEL_NOT_OPEN', 'Level 1 cannot be verified now', 'Back to my account', '/personal'],
  ] as const)('not eligible (%s): says why and where to go', async (reason, title, action, href) => {
    installFetch(serve({ ...NIGERIA, eligible: false, reason, idTypes: [], attemptsLeft: reason === 'ATTEMPTS_EXHAUSTED' ? 0 : 3, retryAfterSeconds: reason === 'ATTEMPTS_EXHAUSTED' ? 7200 : 0, status: reason === 'LEVEL_NOT_OPEN' ? 'PENDING' : 'ALLOW' }));
    renderKyc(<VendorScreen />);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByTestId('quick-kyc-blocked')).toHaveAttribute('data-reason', reason);
    expect(within(screen.getByTestId('quick-kyc-blocked')).getByRole('link', { name: action })).toHaveAttribute('href', href);
    expect(screen.queryByRole('button', { name: 'Check my number' })).not.toBeInTheDocument();
    if (reason === 'ATTEMPTS_EXHAUSTED') expect(screen.getByText(/in about 2 hours/)).toBeInTheDocument();
  });

  it('can-quick-kyc fails: says so, with a retry that loads the offer', async () => {
    const user = userEvent.setup();
    let fail = true;
    installFetch((call) => (new URL(call.url, 'http://x').pathname.endsWith('/can-quick-kyc') && fail ? envelope({}, 10000, 'internal error') : serve(NIGERIA)(call)));
    renderKyc(<VendorScreen />);
    expect(await screen.findByText('We could not find out whether the quick check is available to you.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('button', { name: 'Check my number' })).toBeInTheDocument();
  });
});
