import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import kycReasonsEn from '../../../../../locales/user-accounts/en/kyc-reasons.json';
import reverificationEn from '../../../../../locales/user-accounts/en/reverification.json';
import vendorEn from '../../../../../locales/user-accounts/en/vendor.json';
import type { ReverificationItem } from '../../../../shared/api/reverification.ts';
import { ApiError } from '../../../lib/http/index.ts';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../../lib/http/testing.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { renderKyc } from '../test-utils.tsx';
import { updateErrorMessage } from './model/update-errors.ts';
import UpdatePoiScreen from './update-poi-screen.tsx';

const PERSON = {
  firstName: 'Emma', middleName: '', lastName: 'Dubois', dateOfBirth: '1988-03-14', nationality: 'FR', residenceCountry: 'FR',
  addressLine1: '8 rue de la Paix', addressLine2: '', city: 'Paris', stateRegion: '', postalCode: '75002',
};

function poi(status: string, siteInfo = { site: '', country: 'FR' }, provider = 'PROVIDER_DEFAULT'): ReverificationItem {
  return {
    target: 'POI',
    display: { status, rejectReason: '', siteInfo },
    request: { id: 'r1', reason: 'DOCUMENT_EXPIRED', message: '', deadline: '2027-01-15', requestedAt: '2026-11-01T10:00:00.000Z', overdue: false },
    rejection: null,
    submittedAt: null,
    retryAfter: null,
    rejectionsToday: 0,
    provider,
  } as ReverificationItem;
}

function serve(item: ReverificationItem): (call: FakeCall) => Response {
  return (call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/update-vendor-token')) return envelope({}, 35006, 'provider unavailable');
    if (path.endsWith('/reverification')) return envelope({ items: [item], euPoiReset: false, level: 1, limitation: 'LIMITATION_DEFAULT' });
    if (path.endsWith('/kyc-personal-info')) return envelope({ info: PERSON, editable: false, addressEditable: false, updatedAt: null });
    if (path.endsWith('/get-config')) return envelope({ maxUploadBytes: 10 * 1024 * 1024 });
    if (path.endsWith('/country-list')) return envelope({ list: [{ countryCode: 'FR', regionCode: '33', nameEn: 'France', nameZhCN: '法国', isDisable: false }] });
    if (path.endsWith('/document-drafts')) return envelope({ documents: [] });
    if (path.endsWith('/supported-document-type')) return envelope({ country: 'FR', documentTypes: [{ type: 'PASSPORT', kinds: ['DOCUMENT_FRONT', 'SELFIE'], needsNumber: false }] });
    return envelope({}, 10011, 'not found');
  };
}

function renderUpdate(item: ReverificationItem) {
  installFetch(serve(item));
  const r = renderKyc(<UpdatePoiScreen />);
  i18next.addResourceBundle('en', 'user-accounts', { reverification: reverificationEn, vendor: vendorEn, 'kyc-reasons': kycReasonsEn }, true, true);
  return r;
}

describe('updatekyc (§2)', () => {
  beforeEach(() => {
    resetRequestLayer();
    useGlobalStore.setState({ user: { id: 'u1', email: 'a@example.com', member_tag: {} } });
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['Pending: nothing to send now', poi('DisplayUpdatePOIStatus_Pending'), 'Nothing is asked of you for this document right now.'],
    ['Rejected_Daily: nothing to send today', poi('DisplayUpdatePOIStatus_Rejected_Daily'), 'Nothing is asked of you for this document right now.'],
    ['Turkey: the app, not the web', poi('DisplayUpdatePOIStatus_Needed', { site: 'TUR', country: 'TR' }), 'completed in our mobile app'],
  ])('%s: no capture, the reason and the way back', async (_name, item, text) => {
    renderUpdate(item);
    const refused = await screen.findByTestId('update-refused');
    expect(refused).toHaveTextContent(text);
    expect(within(refused).getByRole('link', { name: 'Reverification' })).toHaveAttribute('href', '/reverification');
    expect(screen.queryByTestId('update-details')).not.toBeInTheDocument();
  });

  it('a vendor user, Needed: the vendor\'s flow on this page (no in-house capture), started with an update session for the document', async () => {
    const calls = installFetch(serve(poi('DisplayUpdatePOIStatus_Needed', undefined, 'PROVIDER_SUMSUB')));
    renderKyc(<UpdatePoiScreen />);
    i18next.addResourceBundle('en', 'user-accounts', { reverification: reverificationEn, vendor: vendorEn, 'kyc-reasons': kycReasonsEn }, true, true);
    const start = await screen.findByRole('button', { name: 'Start verification with Sumsub' });
    expect(screen.getByTestId('vendor-update')).toHaveAttribute('data-status', 'DisplayUpdatePOIStatus_Needed');
    expect(screen.queryByTestId('update-details')).not.toBeInTheDocument();
    // The panel without its own "Verify now" link (this is the page it leads to).
    expect(screen.queryByRole('link', { name: 'Verify now' })).not.toBeInTheDocument();
    await userEvent.setup().click(start);
    const sent = calls.find((c) => c.url.endsWith('/update-vendor-token'));
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ target: 'POI' });
    // The vendor could not start: the reason, and the way to try again.
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('a vendor user, Rejected: every reason the vendor gave, translated, with its message, and the flow to try again', async () => {
    const item = { ...poi('DisplayUpdatePOIStatus_Rejected', undefined, 'PROVIDER_SUMSUB'), rejection: { reasonCode: 'DOCUMENT_UNREADABLE', reasonCodes: ['DOCUMENT_UNREADABLE', 'SELFIE_MISMATCH'], message: 'Retake it.', decidedAt: '2026-11-20T10:00:00.000Z' } } as ReverificationItem;
    renderUpdate(item);
    const reasons = await screen.findAllByTestId('rejection-reason');
    expect(reasons.map((r) => r.textContent)).toEqual([kycReasonsEn.DOCUMENT_UNREADABLE.title, kycReasonsEn.SELFIE_MISMATCH.title]);
    expect(screen.getByText(/Retake it\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start verification with Sumsub' })).toBeEnabled();
  });

  it('a vendor user, Pending: under review, nothing to start; No: nothing asked', async () => {
    renderUpdate(poi('DisplayUpdatePOIStatus_Pending', undefined, 'PROVIDER_SUMSUB'));
    expect(await screen.findByTestId('processing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start verification with Sumsub' })).not.toBeInTheDocument();
  });

  it('Needed: the printed details first (prefilled with the verified identity), checked before the photos', async () => {
    renderUpdate(poi('DisplayUpdatePOIStatus_Needed'));
    const form = await screen.findByTestId('update-details');
    expect(within(form).getByLabelText(/First name/)).toHaveValue('Emma');
    expect(within(form).getByLabelText(/Date of birth/)).toHaveValue('1988-03-14');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Continue to the photos' }));
    // Missing number and expiry: errors on the fields, the focus on the first of them.
    expect(within(form).getByLabelText(/Document number/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/Document number/)).toHaveFocus();
    await user.type(within(form).getByLabelText(/Document number/), 'AB123456');
    await user.type(within(form).getByLabelText(/Expiry date/), '2034-05-01');
    await user.click(within(form).getByRole('button', { name: 'Continue to the photos' }));
    // The level 1 capture follows, with the details summarised and editable.
    expect(await screen.findByRole('button', { name: 'Edit the details' })).toBeInTheDocument();
    expect(screen.getByText('AB123456')).toBeInTheDocument();
    expect(await screen.findByLabelText(/Issuing country/)).toBeInTheDocument();
  });
});

describe('identity-update errors (§8)', () => {
  it('map 1045–1053 and 1062 to updateIDError1..7; other codes read as usual', () => {
    const t = ((key: string) => key) as unknown as Parameters<typeof updateErrorMessage>[0];
    const err = (retCode: number) => new ApiError('business', 'bad business ret_code', { retCode, retMsg: 'x' });
    expect(updateErrorMessage(t, err(1045))).toBe('reverification.updateIDError1');
    expect(updateErrorMessage(t, err(1062))).toBe('reverification.updateIDError2');
    expect(updateErrorMessage(t, err(1051))).toBe('reverification.updateIDError7');
  });
});
