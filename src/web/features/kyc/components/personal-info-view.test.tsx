import { render, screen } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import type { PersonalInfo } from '../../../../shared/api/personal-info.ts';
import { initTestI18n } from '../../../lib/http/testing.ts';
import { PersonalInfoView } from './personal-info-view.tsx';

const INFO: PersonalInfo = {
  firstName: 'Lena', middleName: '', lastName: 'Schmidt', dateOfBirth: '1990-05-17', nationality: 'DE', residenceCountry: 'DE',
  addressLine1: 'Domstraße 1', addressLine2: '', city: 'Köln', stateRegion: '', postalCode: '51147', mobileCountry: '', mobileNumber: '',
};

beforeAll(async () => {
  await initTestI18n();
});

it('isolates each value from the page direction, so an Arabic page keeps "51147 Köln" in its order', () => {
  const { container } = render(
    <div dir="rtl">
      <PersonalInfoView info={INFO} countries={[{ countryCode: 'DE', regionCode: '49', nameEn: 'Germany', nameZhCN: '德国', isDisable: false }]} />
    </div>,
  );
  const line = screen.getByText('51147 Köln');
  expect(line.tagName).toBe('BDI');
  expect(screen.getByText('Lena Schmidt').tagName).toBe('BDI');
  expect([...container.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Lena Schmidt', 'Domstraße 1', '51147 Köln', 'Germany']);
});
