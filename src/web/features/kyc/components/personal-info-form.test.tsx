import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountryListEntry } from '../../../../shared/api/country-list.ts';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../../lib/http/testing.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { renderKyc } from '../test-utils.tsx';
import { PersonalInfoForm } from './personal-info-form.tsx';

const countries: CountryListEntry[] = [
  { countryCode: 'DE', regionCode: '49', nameEn: 'Germany', nameZhCN: '德国', isDisable: false },
  { countryCode: 'AE', regionCode: '971', nameEn: 'United Arab Emirates', nameZhCN: '阿联酋', isDisable: false },
  { countryCode: 'IR', regionCode: '98', nameEn: 'Iran', nameZhCN: '伊朗', isDisable: true },
];

function yearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, dateOfBirth = '1990-05-17') {
  await user.type(screen.getByLabelText(/^First name/), '  Anna ');
  await user.type(screen.getByLabelText(/^Last name/), 'Müller');
  await user.type(screen.getByLabelText(/^Date of birth/), dateOfBirth);
  await user.selectOptions(screen.getByLabelText(/^Nationality/), 'DE');
  await user.selectOptions(screen.getByLabelText(/^Country of residence/), 'DE');
  await user.type(screen.getByLabelText(/^Street address/), 'Hauptstraße 5');
  await user.type(screen.getByLabelText(/^City/), 'Hamburg');
  await user.type(screen.getByLabelText(/^Postal code/), '20095');
}

const saved = {
  info: { firstName: 'Anna', middleName: '', lastName: 'Müller', dateOfBirth: '1990-05-17', nationality: 'DE', residenceCountry: 'DE', addressLine1: 'Hauptstraße 5', addressLine2: '', city: 'Hamburg', stateRegion: '', postalCode: '20095', mobileCountry: '', mobileNumber: '' },
  editable: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('PersonalInfoForm', () => {
  let calls: FakeCall[];
  let reply: (call: FakeCall) => Response;
  beforeEach(() => {
    resetRequestLayer();
    // Drafts are kept per user in session storage: every test starts without one.
    sessionStorage.clear();
    reply = () => envelope(saved);
    calls = installFetch((call) => reply(call));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a half-filled form across a reload (per user), offers to discard it, and forgets it after a save', async () => {
    sessionStorage.clear();
    useGlobalStore.setState({ user: { id: 'u1', email: 'a@example.com', member_tag: {} } });
    const user = userEvent.setup();
    const first = renderKyc(<PersonalInfoForm initial={null} countries={countries} />);
    await user.type(screen.getByLabelText(/^First name/), 'Anna');
    await user.type(screen.getByLabelText(/^City/), 'Hamburg');
    first.unmount();

    // "Reload": a new form for the same user finds what was typed, and says it is not saved yet.
    const second = renderKyc(<PersonalInfoForm initial={null} countries={countries} />);
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Anna');
    expect(screen.getByLabelText(/^City/)).toHaveValue('Hamburg');
    expect(screen.getByRole('note')).toHaveTextContent('It is not saved yet');
    second.unmount();

    // Another user on this browser sees nothing of it.
    useGlobalStore.setState({ user: { id: 'u2', email: 'b@example.com', member_tag: {} } });
    const other = renderKyc(<PersonalInfoForm initial={null} countries={countries} />);
    expect(screen.getByLabelText(/^First name/)).toHaveValue('');
    other.unmount();

    useGlobalStore.setState({ user: { id: 'u1', email: 'a@example.com', member_tag: {} } });
    const third = renderKyc(<PersonalInfoForm initial={null} countries={countries} />);
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText(/^First name/)).toHaveValue('');
    expect(screen.queryByRole('note')).toBeNull();
    third.unmount();

    const onSaved = vi.fn();
    renderKyc(<PersonalInfoForm initial={null} countries={countries} onSaved={onSaved} />);
    await fillValid(user);
    expect(sessionStorage.getItem('ua:personal-draft:u1')).toContain('Hamburg');
    await user.click(screen.getByRole('button', { name: 'Save personal information' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sessionStorage.getItem('ua:personal-draft:u1')).toBeNull();
  });

  it('refuses an empty form in the browser with translated, named messages (the shared schema), sending nothing', async () => {
    const user = userEvent.setup();
    renderKyc(<PersonalInfoForm initial={null} countries={countries} />);
    await user.click(screen.getByRole('button', { name: 'Save personal information' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument();
    expect(screen.getByText('Country of residence is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    // Optional fields stay quiet.
    expect(screen.queryByText(/Middle name is/)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses an under-age date of birth with the adults-only message', async () => {
    const user = userEvent.setup();
    renderKyc(<PersonalInfoForm initial={null} countries={countries} />);
    await fillValid(user, yearsAgo(17));
    await user.click(screen.getByRole('button', { name: 'Save personal information' }));
    expect(await screen.findByText('You must be at least 18 years old to verify your identity')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('postal code: required where the country has them, optional (and said so) where it has none', async () => {
    const user = userEvent.setup();
    renderKyc(<PersonalInfoForm initial={null} countries={countries} />);
    await fillValid(user);
    await user.clear(screen.getByLabelText(/^Postal code/));
    await user.click(screen.getByRole('button', { name: 'Save personal information' }));
    expect(await screen.findByText('Postal code is required')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Country of residence/), 'AE');
    expect(await screen.findByText('Your country has no postal codes, so you may leave this empty.')).toBeInTheDocument();
    expect(screen.queryByText('Postal code is required')).not.toBeInTheDocument();
  });

  it('a disabled country is listed but cannot be chosen', () => {
    renderKyc(<PersonalInfoForm initial={null} countries={countries} />);
    const iran = screen.getAllByRole('option', { name: 'Iran (not available)' })[0] as HTMLOptionElement;
    expect(iran.disabled).toBe(true);
  });

  it('sends the parsed values (trimmed, codes upper-cased) and reports success', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    renderKyc(<PersonalInfoForm initial={null} countries={countries} onSaved={onSaved} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save personal information' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved.info));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/x-api/v3/private/kyc/kyc-personal-info');
    expect(JSON.parse(calls[0]!.body!)).toMatchObject({ firstName: 'Anna', nationality: 'DE', residenceCountry: 'DE', middleName: '', postalCode: '20095' });
  });

  it('the optional mobile number: dial codes from the country list, §5 refuses 6 digits in the browser, a valid one is sent trimmed with its country', async () => {
    const user = userEvent.setup();
    renderKyc(<PersonalInfoForm initial={null} countries={countries} onSaved={vi.fn()} />);
    await fillValid(user);
    const country = screen.getByLabelText(/^Mobile number country/);
    expect(screen.getByRole('option', { name: 'Germany (+49)' })).toBeInTheDocument();
    await user.selectOptions(country, 'DE');
    const number = screen.getByLabelText(/^Mobile number(?! country)/);
    await user.type(number, '151234');
    await user.click(screen.getByRole('button', { name: 'Save personal information' }));
    expect(await screen.findByText('invalid mobile number')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
    await user.clear(number);
    await user.type(number, ' 15123456789 ');
    await user.click(screen.getByRole('button', { name: 'Save personal information' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0]!.body!)).toMatchObject({ mobileCountry: 'DE', mobileNumber: '15123456789' });
  });

  it("maps the server's field errors (10001) back onto the fields, with the server's parameters", async () => {
    reply = () =>
      envelope({ fields: [{ path: 'lastName', code: 'kyc-rules.invalid_name' }, { path: 'dateOfBirth', code: 'kyc-rules.too_young', params: { min: 21 } }] }, 10001, 'params error');
    const user = userEvent.setup();
    const onSaved = vi.fn();
    renderKyc(<PersonalInfoForm initial={null} countries={countries} onSaved={onSaved} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save personal information' }));
    expect(await screen.findByText('Last name may contain only letters, spaces, hyphens and apostrophes')).toBeInTheDocument();
    expect(screen.getByText('You must be at least 21 years old to verify your identity')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Last name/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('a business error without fields is shown above the button; 35002 tells the screen the data is locked now', async () => {
    reply = () => envelope({}, 35002, 'locked');
    const user = userEvent.setup();
    const onLocked = vi.fn();
    renderKyc(<PersonalInfoForm initial={saved.info} countries={countries} onLocked={onLocked} onCancel={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Save personal information' }));
    expect(await screen.findByText('Your personal information can no longer be changed: it is under review or already approved.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your personal information was not saved');
    expect(onLocked).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});
