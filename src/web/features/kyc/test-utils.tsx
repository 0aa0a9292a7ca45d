/**
 * Test support for the KYC screens (only *.test.tsx import this): an i18next instance with the real
 * English translation parts these screens use, and a render() inside it and a fresh QueryClient.
 */
import type { RenderOptions } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import codesCore from '../../../../locales/inverse-error-code/en/core.json';
import codesDocuments from '../../../../locales/inverse-error-code/en/documents.json';
import codesKyc from '../../../../locales/inverse-error-code/en/kyc.json';
import codesQuickKyc from '../../../../locales/inverse-error-code/en/quick-kyc.json';
import codesVendor from '../../../../locales/inverse-error-code/en/vendor.json';
import capture from '../../../../locales/user-accounts/en/capture.json';
import common from '../../../../locales/user-accounts/en/common.json';
import kycReasons from '../../../../locales/user-accounts/en/kyc-reasons.json';
import kycRules from '../../../../locales/user-accounts/en/kyc-rules.json';
import kyc from '../../../../locales/user-accounts/en/kyc.json';
import limits from '../../../../locales/user-accounts/en/limits.json';
import page from '../../../../locales/user-accounts/en/page.json';
import personal from '../../../../locales/user-accounts/en/personal.json';
import quickKyc from '../../../../locales/user-accounts/en/quick-kyc.json';
import ui from '../../../../locales/user-accounts/en/ui.json';
import ux from '../../../../locales/user-accounts/en/ux.json';
import validation from '../../../../locales/user-accounts/en/validation.json';
import vendor from '../../../../locales/user-accounts/en/vendor.json';
import { globalTestI18n, renderInApp } from '../../test/render.tsx';

const userAccounts = { kyc, capture, limits, ui, ux, page, common, validation, personal, 'kyc-rules': kycRules, 'kyc-reasons': kycReasons, 'quick-kyc': quickKyc, vendor };
const inverseErrorCode = { ...codesCore, ...codesDocuments, ...codesKyc, ...codesVendor, ...codesQuickKyc };

/** The global i18next in English with the real translation files (the request layer's §8 lookups read it). */
export function createKycTestI18n(): I18n {
  return globalTestI18n({ 'user-accounts': userAccounts, 'inverse-error-code': inverseErrorCode });
}

/** Renders inside i18n (English), a fresh QueryClient (no retries) and a wouter Router. */
export function renderKyc(element: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return renderInApp(element, createKycTestI18n(), options);
}
