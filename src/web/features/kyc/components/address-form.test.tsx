import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountryListEntry } from '../../../../shared/api/country-list.ts';
import type { PersonalInfo, PersonalInfoResult } from '../../../../shared/api/personal-info.ts';
import { StepStatus } from '../../../../shared/kyc.ts';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../../lib/http/testing.ts';
import { usePopupStore } from '../../../lib/notify/index.ts';
import { renderKyc } from '../test-utils.tsx';
import { AddressForm } from './address-form.tsx';
import { PersonalInfoSection } from './personal-info-section.tsx';

const countries: CountryListEntry[] = [
  { countryCode: 'GB', regionCode: '44', nameEn: 'United Kingdom', nameZhCN: '英国', isDisable: false },
  { countryCode: 'DE', regionCode: '49', nameEn: 'Germany', nameZhCN: '德国', isDisable: false },
  { countryCode: 'AE', regionCode: '971', nameEn: 'United Arab Emirates', nameZhCN: '阿联酋', isDisable: false },
  { countryCode: 'IR', regionCode: '98', nameEn: 'Iran', nameZhCN: '伊朗', isDisable: true },
];

const PERSON: PersonalInfo = {
  firstName: 'Ada', middleName: '', lastName: 'Lovelace', dateOfBirth: '1990-12-10', nationality: 'GB', residenceCountry: 'GB',
  addressLine1: '12 Example Street', addressLine2: 'Flat 3', city: 'London', stateRegion: '', postalCode: 'SW1A 1AA', mobileCountry: '', mobileNumber: '',
};
const MOVED: PersonalInfo = { ...PERSON, residenceCountry: 'DE', addressLine1: 'Torstraße 12', addressLine2: '', city: 'Berlin', postalCode: '10119' };

describe('AddressForm (update-address)', () => {
  let calls: FakeCall[];
  let reply: (call: FakeCall) => Response;
  beforeEach(() => {
    resetRequestLayer();
    reply = () => envelope({ info: MOVED, editable: false, addressEditable: true, updatedAt: '2026-01-02T00:00:00.000Z' } satisfies PersonalInfoResult);
    calls = installFetch((call) => reply(call));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the address, filled in from the saved information, and starts the keyboard in it', async () => {
    renderKyc(<AddressForm initial={PERSON} countries={countries} onCancel={() => undefined} />);
    const form = screen.getByRole('form', { name: 'Update your residential address' });
    await waitFor(() => expect(within(form).getByLabelText(/^Country of residence/)).toHaveFocus());
    expect(within(form).getByLabelText(/^Country of residence/)).toHaveValue('GB');
    expect(within(form).getByLabelText(/^Street address/)).toHaveValue('12 Example Street');
    expect(within(form).getByLabelText(/^Apartment, suite or floor/)).toHaveValue('Flat 3');
    expect(within(form).getByLabelText(/^Postal code/)).toHaveValue('SW1A 1AA');
    for (const locked of [/^First name/, /^Last name/, /^Date of birth/, /^Nationality/]) expect(within(form).queryByLabelText(locked)).not.toBeInTheDocument();
    expect((within(form).getByRole('option', { name: 'Iran (not available)' }) as HTMLOptionElement).disabled).toBe(true);
  });

  it('validates with the shared schema in the browser, sending nothing', async () => {
    const user = userEvent.setup();
    renderKyc(<AddressForm initial={PERSON} countries={countries} onCancel={() => undefined} />);
    await user.clear(screen.getByLabelText(/^Street address/));
    await user.clear(screen.getByLabelText(/^Postal code/));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Street address is required')).toBeInTheDocument();
    expect(screen.getByText('Postal code is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Street address/)).toHaveAttribute('aria-invalid', 'true');
    // A country without postal codes makes the field optional, and says so.
    await user.selectOptions(screen.getByLabelText(/^Country of residence/), 'AE');
    expect(await screen.findByText('Your country has no postal codes, so you may leave this empty.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the parsed address alone to update-address, then reports success', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    renderKyc(<AddressForm initial={PERSON} countries={countries} onSaved={onSaved} onCancel={() => undefined} />);
    await user.selectOptions(screen.getByLabelText(/^Country of residence/), 'DE');
    await user.clear(screen.getByLabelText(/^Street address/));
    await user.type(screen.getByLabelText(/^Street address/), '  Torstraße 12 ');
    await user.clear(screen.getByLabelText(/^Apartment, suite or floor/));
    await user.clear(screen.getByLabelText(/^City/));
    await user.type(screen.getByLabelText(/^City/), 'Berlin');
    await user.clear(screen.getByLabelText(/^Postal code/));
    await user.type(screen.getByLabelText(/^Postal code/), '10119');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/x-api/v3/private/kyc/update-address');
    expect(JSON.parse(calls[0]!.body!)).toEqual({ residenceCountry: 'DE', addressLine1: 'Torstraße 12', addressLine2: '', city: 'Berlin', stateRegion: '', postalCode: '10119' });
    expect(usePopupStore.getState().messages.at(-1)).toMatchObject({ content: 'Address updated', type: 'success' });
  });

  it("maps the server's field errors back onto the fields; 35002 tells the screen the address is locked now", async () => {
    const user = userEvent.setup();
    reply = () => envelope({ fields: [{ path: 'residenceCountry', code: 'kyc-rules.country_not_supported' }] }, 10001, 'params error');
    const onLocked = vi.fn();
    renderKyc(<AddressForm initial={PERSON} countries={countries} onLocked={onLocked} onCancel={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Verification is not available for this country')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Country of residence/)).toHaveAttribute('aria-invalid', 'true');

    reply = () => envelope({}, 35002, 'locked');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Your personal information can no longer be changed: it is under review or already approved.')).toBeInTheDocument();
    expect(screen.getByText('Your address was not saved')).toBeInTheDocument();
    expect(onLocked).toHaveBeenCalledTimes(1);
  });

  it('Cancel leaves without sending', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderKyc(<AddressForm initial={PERSON} countries={countries} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
  });
});

describe('PersonalInfoSection after level 1', () => {
  let personal: PersonalInfoResult;
  let calls: FakeCall[];
  beforeEach(() => {
    resetRequestLayer();
    calls = installFetch((call) => {
      const path = new URL(call.url, 'http://x').pathname;
      if (path.endsWith('/country-list')) return envelope({ list: countries });
      if (path.endsWith('/kyc-personal-info')) return envelope(personal);
      if (path.endsWith('/update-address')) {
        personal = { ...personal, info: MOVED };
        return envelope(personal);
      }
      if (path.endsWith('/kyc-info')) return envelope({});
      return envelope({}, 10011, 'not found');
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('level 2 open (addressEditable): the details stay read only, with an "Update address" path that saves the address alone', async () => {
    personal = { info: PERSON, editable: false, addressEditable: true, updatedAt: null };
    const user = userEvent.setup();
    renderKyc(<PersonalInfoSection level1Status={StepStatus.SUCCESS} />);
    expect(await screen.findByText(/If you have moved, you can still update your residential address for level 2/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update address' }));
    const form = await screen.findByRole('form', { name: 'Update your residential address' });
    await user.clear(within(form).getByLabelText(/^City/));
    await user.type(within(form).getByLabelText(/^City/), 'Berlin');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    // Back to the details, showing the stored new address; the keyboard returns to the button.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Update your residential address' })).not.toBeInTheDocument());
    expect(await screen.findByText('Torstraße 12')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update address' })).toHaveFocus());
    expect(calls.filter((c) => c.url.endsWith('/update-address'))).toHaveLength(1);
  });

  it('level 2 under review or verified (not addressEditable): read only, no way to change it', async () => {
    personal = { info: PERSON, editable: false, addressEditable: false, updatedAt: null };
    renderKyc(<PersonalInfoSection level1Status={StepStatus.SUCCESS} />);
    expect(await screen.findByText(/has been verified and can no longer be changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
