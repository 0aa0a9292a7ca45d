import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KycInfo } from '../../../shared/api/kyc-info.ts';
import type { PersonalInfo } from '../../../shared/api/personal-info.ts';
import type { StepStatus } from '../../../shared/kyc.ts';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../lib/http/testing.ts';
import { useGlobalStore } from '../../store/global.ts';
import KycScreen from './kyc-screen.tsx';
import { writeLevel1Choice } from './model/flow-memory.ts';
import { renderKyc } from './test-utils.tsx';

const PERSON: PersonalInfo = {
  firstName: 'Anna', middleName: '', lastName: 'Müller', dateOfBirth: '1990-05-17', nationality: 'DE', residenceCountry: 'DE',
  addressLine1: 'Hauptstraße 5', addressLine2: '', city: 'Hamburg', stateRegion: '', postalCode: '20095', mobileCountry: '', mobileNumber: '',
};

interface Scenario {
  one: StepStatus;
  two?: StepStatus;
  personal?: PersonalInfo | null;
  provider?: string;
  rejected?: boolean;
  /** When the rejection was decided (default 2026-01-02). */
  decidedAt?: string;
  /** The rejection's reason (default SELFIE_UNCLEAR). */
  reason?: string;
}

function kycInfo(s: Scenario): Partial<KycInfo> {
  return {
    opened: true,
    provider: 'PROVIDER_DEFAULT',
    state: [
      { level: 1, status: s.one, type: 'INDIVIDUAL' },
      { level: 2, status: s.two ?? 'NOT_ALLOW', type: 'INDIVIDUAL' },
    ],
    errorNotify: s.rejected ? [{ level: 1, status: 'FAILED_AND_CAN_RETRY', reasonCode: (s.reason ?? 'SELFIE_UNCLEAR') as never, decidedAt: s.decidedAt ?? '2026-01-02T00:00:00.000Z' }] : [],
    additionalRejectReason: s.rejected ? [{ level: 1, reasonCode: (s.reason ?? 'SELFIE_UNCLEAR') as never, message: 'Take it without the hat.' }] : [],
  };
}

function serve(s: Scenario): (call: FakeCall) => Response {
  return (call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/kyc-info')) return envelope(kycInfo(s));
    if (path.endsWith('/kyc-personal-info')) return envelope({ info: s.personal === undefined ? PERSON : s.personal, editable: true, updatedAt: null });
    if (path.endsWith('/get-kyc-provider')) return envelope({ level: 1, provider: s.provider ?? 'PROVIDER_DEFAULT', flowName: 'Level1_web', apiUrl: '' });
    if (path.endsWith('/get-config')) return envelope({ maxUploadBytes: 10 * 1024 * 1024 });
    if (path.endsWith('/site-config')) return envelope({ helpLinks: { webForm: 'https://help.example.com/form', kycFailureReasons: 'https://help.example.com/reasons' } });
    if (path.endsWith('/country-list')) return envelope({ list: [{ countryCode: 'DE', regionCode: '49', nameEn: 'Germany', nameZhCN: '德国', isDisable: false }] });
    if (path.endsWith('/document-drafts')) return envelope({ documents: [] });
    if (path.endsWith('/supported-document-type')) {
      return envelope({
        country: 'DE',
        documentTypes: [
          { type: 'ID_CARD', kinds: ['DOCUMENT_FRONT', 'DOCUMENT_BACK', 'SELFIE'], needsNumber: false },
          { type: 'PASSPORT', kinds: ['DOCUMENT_FRONT', 'SELFIE'], needsNumber: false },
        ],
      });
    }
    return envelope({}, 10011, 'not found');
  };
}

describe('kyc route guard and flow', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    resetRequestLayer();
    useGlobalStore.setState({ user: { id: 'u1', email: 'a@example.com', member_tag: {} } });
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('PENDING: shows the status instead of the flow', async () => {
    calls = installFetch(serve({ one: 'PENDING' }));
    renderKyc(<KycScreen />);
    expect(await screen.findByRole('heading', { name: 'Level 1 is under review' })).toBeInTheDocument();
    expect(screen.getByTestId('flow-status')).toHaveAttribute('data-status', 'PENDING');
    expect(screen.queryByLabelText(/Issuing country/)).not.toBeInTheDocument();
    // kyc-info carries the optional Guid/Lang headers (§7).
    expect(calls.find((c) => c.url.endsWith('/kyc-info'))!.headers.get('Lang')).toBeTruthy();
  });

  it('ALLOW without personal information: asks for it first', async () => {
    installFetch(serve({ one: 'ALLOW', personal: null }));
    renderKyc(<KycScreen />);
    expect(await screen.findByRole('heading', { name: 'Add your personal information first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add personal information' })).toHaveAttribute('href', '/personal');
  });

  it('member tag KYC "1": no steps, no flow', async () => {
    useGlobalStore.setState({ user: { id: 'u1', member_tag: { KYC: '1' } } });
    installFetch(serve({ one: 'ALLOW' }));
    renderKyc(<KycScreen />);
    expect(await screen.findByRole('heading', { name: 'No verification needed' })).toBeInTheDocument();
  });

  it('a vendor verifies the level: what it takes, then its session; a vendor that does not answer is said so, and the user can try again', async () => {
    const base = serve({ one: 'ALLOW', provider: 'PROVIDER_SUMSUB' });
    let tokenCalls = 0;
    installFetch((call) => {
      if (new URL(call.url, 'http://x').pathname.endsWith('/vendor-token')) {
        tokenCalls += 1;
        return envelope({}, 35006, 'verification provider unavailable');
      }
      return base(call);
    });
    const user = userEvent.setup();
    renderKyc(<KycScreen />);
    expect(await screen.findByRole('heading', { name: 'Verify with Sumsub' })).toBeInTheDocument();
    expect(screen.getByText('Your passport, identity card or driving licence')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Issuing country/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start verification with Sumsub' }));
    expect(await screen.findByText(/The verification service is not responding right now/)).toBeInTheDocument();
    expect(tokenCalls).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tokenCalls).toBe(2));
  });

  it('back from a vendor\'s hosted page: waits for its result and follows the level to PENDING', async () => {
    window.history.replaceState(null, '', '/?level=1&vendor=done');
    let reads = 0;
    const pending = serve({ one: 'PENDING', provider: 'PROVIDER_JUMIO' });
    const allow = serve({ one: 'ALLOW', provider: 'PROVIDER_JUMIO' });
    installFetch((call) => {
      if (new URL(call.url, 'http://x').pathname.endsWith('/kyc-info')) reads += 1;
      return reads > 1 ? pending(call) : allow(call);
    });
    renderKyc(<KycScreen />);
    expect(await screen.findByRole('heading', { name: 'Documents sent' })).toBeInTheDocument();
    expect(screen.getByText('Jumio received your documents and is checking them. This page updates by itself.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Level 1 is under review' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("back from a hosted page after a retry: a rejection that never passed through PENDING replaces the wait at once, and the address forgets the return", async () => {
    // The attempt began at 09:00 (our return address says so); the webhook decided at 09:05.
    window.history.replaceState(null, '', '/?level=1&vendor=done&since=2026-11-29T09%3A00%3A00.000Z');
    let reads = 0;
    const before = serve({ one: 'FAILED_AND_CAN_RETRY', provider: 'PROVIDER_JUMIO', rejected: true, decidedAt: '2026-11-28T08:00:00.000Z' });
    const after = serve({ one: 'FAILED_AND_CAN_RETRY', provider: 'PROVIDER_JUMIO', rejected: true, decidedAt: '2026-11-29T09:05:00.000Z' });
    installFetch((call) => {
      if (new URL(call.url, 'http://x').pathname.endsWith('/kyc-info')) reads += 1;
      return reads > 1 ? after(call) : before(call);
    });
    renderKyc(<KycScreen />);
    expect(await screen.findByRole('heading', { name: 'Documents sent' })).toBeInTheDocument();
    // The vendor named, no raw placeholder, and what happens next is the vendor's answer, not a 24-hour review.
    expect(screen.getByText("Waiting for Jumio's confirmation…")).toBeInTheDocument();
    expect(screen.getByText(/Jumio usually answers within a few minutes/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('{{');
    expect(await screen.findByText('The selfie is not clear', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Documents sent' })).toBeNull();
    await waitFor(() => expect(window.location.search).toBe('?level=1'));
  });

  it('FAILED_AND_CAN_NOT_RETRY: says to contact support once, and gives the way to (the help form and the failure reasons)', async () => {
    installFetch(serve({ one: 'FAILED_AND_CAN_NOT_RETRY', rejected: true }));
    renderKyc(<KycScreen />);
    expect(await screen.findByRole('link', { name: 'Contact our support team' })).toHaveAttribute('href', 'https://help.example.com/form');
    expect(screen.getByRole('link', { name: 'Why verification can fail' })).toHaveAttribute('href', 'https://help.example.com/reasons');
    expect(document.body.textContent!.match(/support team/gi)).toHaveLength(2); // the body's sentence and the link
    expect(screen.getByText(/this level stays closed and your current limits remain\.$/)).toBeInTheDocument();
  });

  it('a retry after a document reason starts at the photos the reviewer flagged, not at the country', async () => {
    writeLevel1Choice('u1', { country: 'DE', documentType: 'ID_CARD' });
    installFetch(serve({ one: 'FAILED_AND_CAN_RETRY', rejected: true, reason: 'DOCUMENT_UNREADABLE' }));
    renderKyc(<KycScreen />);
    expect(await screen.findByRole('heading', { name: 'Upload the photos: ID card' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe('?step=documents'));
    localStorage.clear();
  });

  it('FAILED_AND_CAN_RETRY: the reason above the flow; steps cannot be skipped; a passport needs no back side', async () => {
    installFetch(serve({ one: 'FAILED_AND_CAN_RETRY', rejected: true }));
    const user = userEvent.setup();
    renderKyc(<KycScreen />);
    expect(await screen.findByText('The selfie is not clear')).toBeInTheDocument();
    expect(screen.getByText('Take it without the hat.')).toBeInTheDocument();
    // The retry goes towards the selfie the reviewer flagged: the country is already known (the
    // nationality), so it starts at the first step still open, the document type — not at step 1.
    expect(await screen.findByRole('heading', { name: 'Choose your document' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Where was your document issued?' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Issuing country/)).toHaveValue('DE');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Choose your document' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Choose a document type.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose your document' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Passport' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const step = await screen.findByTestId('flow-step-documents');
    expect(within(step).getByRole('heading', { name: 'Upload the photos: Passport' })).toBeInTheDocument();
    expect(within(step).getByLabelText(/Photo page/)).toBeInTheDocument();
    expect(within(step).queryByLabelText(/Back side/)).not.toBeInTheDocument();
    // Without the photo, Continue says what is missing and stays.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Upload these photos first: Photo page.')).toBeInTheDocument();
    expect(screen.getByTestId('flow-step-documents')).toBeInTheDocument();
    // The stepper marks the current step.
    expect(screen.getByRole('navigation', { name: 'Progress' }).querySelector('[aria-current="step"]')).toHaveTextContent('Photos');
  });

  it('each step is a history entry: browser Back and Forward move between steps and keep the choices; the title names the step', async () => {
    installFetch(serve({ one: 'ALLOW' }));
    const user = userEvent.setup();
    renderKyc(<KycScreen />);
    expect(await screen.findByRole('heading', { name: 'Where was your document issued?' })).toBeInTheDocument();
    // Arriving without a step writes the step into the address without a new entry.
    await waitFor(() => expect(window.location.search).toBe('?step=country'));
    const start = window.history.length;
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Passport' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('flow-step-documents')).toBeInTheDocument();
    expect(window.location.search).toBe('?step=documents');
    expect(window.history.length).toBe(start + 2);
    await waitFor(() => expect(document.title).toBe('Photos · Verify your identity · Account'));

    window.history.back();
    expect(await screen.findByRole('heading', { name: 'Choose your document' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Passport' })).toBeChecked();
    window.history.back();
    expect(await screen.findByRole('heading', { name: 'Where was your document issued?' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Issuing country/)).toHaveValue('DE');
    window.history.forward();
    expect(await screen.findByRole('heading', { name: 'Choose your document' })).toBeInTheDocument();

    // The flow's own Back button is the browser's Back here (no extra entry).
    window.history.forward();
    expect(await screen.findByTestId('flow-step-documents')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Choose your document' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe('?step=documentType'));
    expect(window.history.length).toBe(start + 2);
  });

  it('a step in the address that cannot be entered yet shows the nearest one before it', async () => {
    localStorage.clear();
    window.history.replaceState(null, '', '/?step=review');
    installFetch(serve({ one: 'ALLOW' }));
    renderKyc(<KycScreen />);
    // The country is known (the nationality), the document type is not: the type is where the user can be.
    expect(await screen.findByRole('heading', { name: 'Choose your document' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe('?step=documentType'));
  });

  it('level 2 (?level=2): an issue date older than 3 months is refused by the shared schema, said once, on the field', async () => {
    window.history.replaceState(null, '', '/?level=2');
    installFetch(serve({ one: 'SUCCESS', two: 'ALLOW' }));
    const user = userEvent.setup();
    renderKyc(<KycScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your address' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'About your proof of address' })).toBeInTheDocument();
    // The address it must show is the residence address of level 1.
    expect(screen.getByText('Hauptstraße 5')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Utility bill' }));
    await user.type(screen.getByLabelText(/^Issue date/), '2020-01-01');
    expect(await screen.findByText('The document must be dated within the last 3 months')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Issue 27: one message (the field's), not a second one calling the date invalid; the date has the focus.
    expect(screen.getAllByText(/dated within the last 3 months|valid issue date/)).toHaveLength(1);
    expect(screen.getByLabelText(/^Issue date/)).toHaveFocus();
    expect(screen.queryByTestId('flow-step-addressDocument')).not.toBeInTheDocument();
  });

  it('level 2: Continue without an issue date asks for it on the field, once', async () => {
    window.history.replaceState(null, '', '/?level=2');
    installFetch(serve({ one: 'SUCCESS', two: 'ALLOW' }));
    const user = userEvent.setup();
    renderKyc(<KycScreen />);
    await user.click(await screen.findByRole('radio', { name: 'Utility bill' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText(/^Issue date/)).toHaveFocus();
    expect(screen.getByLabelText(/^Issue date/)).toHaveAccessibleDescription(/Issue date is required|required/i);
    expect(screen.queryByText('Enter a valid issue date.')).not.toBeInTheDocument();
  });
});

describe('bank verification number (Nigeria)', () => {
  beforeEach(() => {
    resetRequestLayer();
    useGlobalStore.setState({ user: { id: 'u-ng', member_tag: {} } });
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the 11-digit number instead of document photos, digits only', async () => {
    const base = serve({ one: 'ALLOW', personal: { ...PERSON, nationality: 'NG', residenceCountry: 'NG' } });
    installFetch((call) => {
      if (call.url.endsWith('/supported-document-type')) {
        return envelope({ country: 'NG', documentTypes: [{ type: 'BANK_VERIFICATION_NUMBER', kinds: ['SELFIE'], needsNumber: true }] });
      }
      if (call.url.endsWith('/country-list?is_disable=1')) return envelope({ list: [{ countryCode: 'NG', regionCode: '234', nameEn: 'Nigeria', nameZhCN: '尼日利亚', isDisable: false }] });
      return base(call);
    });
    const user = userEvent.setup();
    renderKyc(<KycScreen />);
    expect(await screen.findByLabelText(/Issuing country/)).toHaveValue('NG');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Bank verification number (BVN)' }));
    expect(screen.getByText('Your 11-digit number, no document photos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const input = await screen.findByRole('textbox', { name: /Bank verification number/ });
    await user.type(input, '12a34 5678-90');
    expect(input).toHaveValue('1234567890');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('A bank verification number has exactly 11 digits').length).toBeGreaterThan(0);
    await user.type(input, '1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Take a selfie' })).toBeInTheDocument();
  });
});
