/**
 * Test support for the compliance screens (only *.test.tsx import this): the real English
 * translation parts these screens use, rendered with the shared test app (src/web/test/render.tsx).
 */
import type { ReactElement } from 'react';
import codesCore from '../../../../locales/inverse-error-code/en/core.json';
import common from '../../../../locales/user-accounts/en/common.json';
import compliance from '../../../../locales/user-accounts/en/compliance.json';
import kyc from '../../../../locales/user-accounts/en/kyc.json';
import page from '../../../../locales/user-accounts/en/page.json';
import ui from '../../../../locales/user-accounts/en/ui.json';
import validation from '../../../../locales/user-accounts/en/validation.json';
import { globalTestI18n, renderInApp } from '../../test/render.tsx';

export function renderCompliance(element: ReactElement) {
  return renderInApp(element, globalTestI18n({ 'user-accounts': { compliance, common, kyc, page, ui, validation }, 'inverse-error-code': codesCore }));
}
