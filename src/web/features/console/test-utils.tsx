/**
 * Test support for the console's component tests (only *.test.tsx import this): an i18next
 * instance with the real English translation parts the console reads, a render() that provides
 * it and a fresh TanStack Query client, and console API replies to serve through a fake fetch.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect } from 'vitest';
import { render, screen, waitFor, within, type RenderOptions } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { ConsoleCase, ConsoleDecision, ConsoleQueueItem, ConsoleReviewer } from '../../../shared/api/console.ts';
import codes from '../../../../locales/inverse-error-code/en/core.json';
import reverificationCodes from '../../../../locales/inverse-error-code/en/reverification.json';
import common from '../../../../locales/user-accounts/en/common.json';
import consoleTexts from '../../../../locales/user-accounts/en/console.json';
import kycReasons from '../../../../locales/user-accounts/en/kyc-reasons.json';
import kycRules from '../../../../locales/user-accounts/en/kyc-rules.json';
import reverification from '../../../../locales/user-accounts/en/reverification.json';
import questionnaires from '../../../../locales/user-accounts/en/questionnaires.json';
import ui from '../../../../locales/user-accounts/en/ui.json';
import validation from '../../../../locales/user-accounts/en/validation.json';
import overrideTexts from '../../../../locales/user-accounts/en/override.json';
import overrideCodes from '../../../../locales/inverse-error-code/en/override.json';
import captureTexts from '../../../../locales/user-accounts/en/capture.json';
import compliance from '../../../../locales/user-accounts/en/compliance.json';
import edd from '../../../../locales/user-accounts/en/edd.json';
import limits from '../../../../locales/user-accounts/en/limits.json';

/**
 * The global i18next (the request layer's §8 lookups, e.g. errorMessage(), read it), initialised
 * once per test file with the parts above.
 */
export function createConsoleTestI18n(): I18n {
  const instance = i18next;
  if (instance.isInitialized) return instance;
  void instance.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['user-accounts', 'inverse-error-code'],
    defaultNS: 'user-accounts',
    resources: {
      en: {
        'user-accounts': { console: consoleTexts, 'kyc-reasons': kycReasons, 'kyc-rules': kycRules, questionnaires, ui, common, validation, reverification, override: overrideTexts, capture: captureTexts, compliance, edd, limits },
        'inverse-error-code': { ...codes, ...reverificationCodes, ...overrideCodes },
      },
    },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Renders inside the English console translations and a Query client that never retries. */
export function renderConsole(element: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const i18n = createConsoleTestI18n();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
  return { i18n, queryClient, ...render(element, { wrapper, ...options }) };
}

// ---------------------------------------------------------------------------------------------
// Replies of the console API, shaped by the shared contract (a changed contract fails to compile here).
// ---------------------------------------------------------------------------------------------

export const ME: ConsoleReviewer = { id: 'r-me', email: 'me@example.com', role: 'reviewer', subjectKinds: ['KYC_APPLICATION'] };
export const OTHER_REVIEWER = { id: 'r-other', email: 'other-reviewer@example.com' } as const;

export const CASE_ID = '0b9d7c3e-5a41-4c55-8f7e-3d2a1c0e9f11';
export const APPLICATION_ID = '6f1c2f4e-1111-4a55-9c1e-2b7d0b1f0a01';

/** A pending level 1 case in the queue: Sofia Rossi, Italian ID card, submitted 2025-03-01 09:00 UTC. */
export function queueItem(overrides: Partial<ConsoleQueueItem> = {}): ConsoleQueueItem {
  return {
    id: CASE_ID,
    kind: 'KYC_APPLICATION',
    subjectId: APPLICATION_ID,
    userId: 'u-1',
    email: 'sofia@example.com',
    level: 1,
    country: 'IT',
    documentType: 'ID_CARD',
    provider: 'PROVIDER_DEFAULT',
    status: 'PENDING',
    assignee: null,
    openedAt: '2025-03-01T09:00:00.000Z',
    decidedAt: null,
    secondsToDecision: null,
    awaitingSecondLook: null,
    ...overrides,
  };
}

/** The same case as the case page reads it: submitted data, two images, steps, nothing decided. */
/** A KYC case (its subject typed as the KYC kind, so tests can spread it). */
export type KycCase = ConsoleCase & { subject: Extract<ConsoleCase['subject'], { kind: 'KYC_APPLICATION' }> };

export function kycCase(overrides: Partial<ConsoleQueueItem> = {}, rest: Partial<Omit<KycCase, 'case'>> = {}): KycCase {
  return {
    case: queueItem(overrides),
    user: { id: 'u-1', email: 'sofia@example.com', createdAt: '2025-02-28T12:00:00.000Z' },
    subject: {
      kind: 'KYC_APPLICATION',
      application: {
        id: APPLICATION_ID,
        level: 1,
        country: 'IT',
        documentType: 'ID_CARD',
        provider: 'PROVIDER_DEFAULT',
        status: 'PENDING',
        submittedAt: '2025-03-01T09:00:00.000Z',
        decidedAt: null,
      },
      steps: [
        { level: 1, status: 'PENDING' },
        { level: 2, status: 'NOT_ALLOW' },
      ],
      submitted: {
        personalInfo: {
          firstName: 'Sofia',
          middleName: '',
          lastName: 'Rossi',
          dateOfBirth: '1994-07-21',
          nationality: 'IT',
          residenceCountry: 'IT',
          addressLine1: 'Via Roma 10',
          addressLine2: '',
          city: 'Milano',
          stateRegion: '',
          postalCode: '20121',
          mobileCountry: 'IT',
          mobileNumber: '3471234567',
        },
        document: { country: 'IT', type: 'ID_CARD', number: '' },
      },
      documents: [
        { id: 'd-1', kind: 'DOCUMENT_FRONT', mime: 'image/jpeg', byteSize: 1000, width: 800, height: 500, createdAt: '2025-03-01T08:59:00.000Z', downloadPath: '/x-api/v1/console/document/d-1' },
        { id: 'd-2', kind: 'SELFIE', mime: 'image/jpeg', byteSize: 1000, width: 600, height: 800, createdAt: '2025-03-01T08:59:30.000Z', downloadPath: '/x-api/v1/console/document/d-2' },
      ],
      previous: [],
    },
    decision: null,
    decisions: [],
    proposals: [],
    history: [],
    userCases: [],
    ...rest,
  };
}

/** A decision by a reviewer, a provider or the system. */
export function decision(overrides: Partial<ConsoleDecision> = {}): ConsoleDecision {
  return {
    id: 'dec-1',
    outcome: 'APPROVE',
    mode: null,
    reasonCode: null,
    userMessage: '',
    internalNote: '',
    decider: { type: 'reviewer', id: ME.id, email: ME.email },
    confirmedBy: null,
    decidedAt: '2025-03-01T11:05:00.000Z',
    reasonCodes: overrides.reasonCode ? [overrides.reasonCode] : [],
    supersedesId: null,
    current: true,
    ...overrides,
  };
}

/**
 * A decision button once it can be used: the case bar renders before the console knows who is signed
 * in (its read lands in an effect after the frame, decision 032), and a click on the still disabled
 * button does nothing, as for a person.
 */
export async function decisionButton(name: 'Approve' | 'Reject', inBar = false): Promise<HTMLElement> {
  const button = inBar ? await within(await screen.findByTestId('case-bar')).findByRole('button', { name }) : await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
