/**
 * Test support for the account extras' screens (only *.test.tsx import this): the global i18next
 * (the request layer's §8 lookups read it) with the real English texts they use, a fresh
 * QueryClient and a wouter Router with a memory location.
 */
import type { i18n as I18n } from 'i18next';
import { Suspense, type ReactElement } from 'react';
import codesCore from '../../../../locales/inverse-error-code/en/core.json';
import codesExtras from '../../../../locales/inverse-error-code/en/extras.json';
import common from '../../../../locales/user-accounts/en/common.json';
import extras from '../../../../locales/user-accounts/en/extras.json';
import ui from '../../../../locales/user-accounts/en/ui.json';
import { globalTestI18n, renderInApp } from '../../test/render.tsx';

const userAccounts = { extras, ui, common };
const inverseErrorCode = { ...codesCore, ...codesExtras };

export function createExtrasTestI18n(): I18n {
  return globalTestI18n({ 'user-accounts': userAccounts, 'inverse-error-code': inverseErrorCode });
}

/**
 * Renders at `path` (with its search) inside i18n, a fresh QueryClient and a memory router, in a
 * Suspense boundary as the screens are (the overview's extras wait for their first reads).
 */
export function renderExtras(element: ReactElement, path = '/') {
  return renderInApp(<Suspense fallback={null}>{element}</Suspense>, createExtrasTestI18n(), { path });
}
