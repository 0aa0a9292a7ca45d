/**
 * Test support for the questionnaire screens (only *.test.tsx import this): i18next with the real
 * translation parts these screens use, in any shipped language, and a render() with a fresh
 * QueryClient and a wouter Router.
 */
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import codesCore from '../../../../locales/inverse-error-code/en/core.json';
import codesQuestionnaires from '../../../../locales/inverse-error-code/en/questionnaires.json';
import { globalTestI18n, renderInApp } from '../../test/render.tsx';

/** Every shipped language's questionnaire, ui, common, validation and edd parts (read at build time by Vite). */
const parts = import.meta.glob<Record<string, unknown>>('../../../../locales/user-accounts/*/{questionnaires,ui,common,validation,edd}.json', { eager: true, import: 'default' });

export function resourcesOf(lng: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [file, data] of Object.entries(parts)) {
    const m = /user-accounts\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (m && m[1] === lng) out[m[2]!] = data;
  }
  return out;
}

export function questionnaireI18n(lng = 'en'): I18n {
  // No fallback: a key missing in `lng` shows as the key instead of the English text.
  return globalTestI18n({ 'user-accounts': resourcesOf(lng), 'inverse-error-code': { ...codesCore, ...codesQuestionnaires } }, { lng, fallbackLng: false });
}

export function renderQuestionnaire(element: ReactElement, lng = 'en') {
  return renderInApp(element, questionnaireI18n(lng));
}
