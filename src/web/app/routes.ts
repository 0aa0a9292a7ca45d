import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { fillSlot, SlotName } from '../lib/slots/index.tsx';

type ScreenModule = {
  default: ComponentType;
  /**
   * Starts the screen's reads and inner chunks as the page starts, before it renders (app.tsx
   * startPageLoad); settles when what the screen's first paint shows is in (it never rejects).
   * `search` is the address's query without its `?`, as wouter's useSearch gives it to the screen.
   */
  preload?: (client: QueryClient, search: string) => Promise<unknown>;
};

export interface ChildRoute {
  /** Path under /auth, exactly as §2 names it. */
  path: string;
  /** Loads the screen on demand: each import() is its own chunk (§2 "each child route loads on demand"). */
  load: () => Promise<ScreenModule>;
  /**
   * A step of the verification itself, so part of the embedded (SDK) flow (issue 27, decision 047):
   * a partner's applicant reaches only these; the account's own pages (its data, extras, transfer,
   * the exchange's compliance tasks and questionnaires) redirect to the step list there.
   */
  inSdk?: true;
}

/** Questionnaire routes (issue 11): one chunk, one generic renderer; the template code is the route's name. */
export const QUESTIONNAIRE_ROUTES = [
  'question', 'ocquestion', 'newquestion', 'nsquestion', 'crypto-knowledge-test', 'risk-tolerance-test', 'client-agreement', 'professional',
  'agreement', 'questionnaire', 'eddQuestionnaire', 'qualifiedInvestor', 'residenceInfo', 'rcEddQuestionnaire', 'rcQuestionnaire',
  'sourceOfFundsWealth', 'advancedQuest', 'standardQuest', 'piquestion', 'personalquestion', 'cnsquestion', 'pivQuestionnaire',
];
const questionnaire = (code: string) => () => import('../features/questionnaires/questionnaire-screen.tsx').then((m) => ({ default: m.screenFor(code) }));
// The KYC overview shows the account extras' notices and pop-ups (decision 025), their own chunk.
fillSlot(SlotName.OVERVIEW_EXTRAS, () => import('../features/extras/overview-extras.tsx'));

/** §2: the child routes of /auth, every one with its screen (complianceTasks and rfiQuestion: issue 12). */
export const AUTH_CHILD_ROUTES: readonly ChildRoute[] = [
  { path: 'personal', load: () => import('../features/kyc/personal-screen.tsx'), inSdk: true },
  { path: 'kyc', load: () => import('../features/kyc/kyc-screen.tsx'), inSdk: true },
  { path: 'step1', load: () => import('../features/kyc/step1-screen.tsx'), inSdk: true },
  { path: 'step2', load: () => import('../features/kyc/step2-screen.tsx'), inSdk: true },
  { path: 'vendor', load: () => import('../features/kyc/vendor-screen.tsx'), inSdk: true },
  // Beyond §2 (issue 18): the user's data, to download or to have erased.
  { path: 'my-data', load: () => import('../features/records/my-data-screen.tsx') },
  // Beyond §2 (issue 13, decision 025): agreements to accept, and the guided move to the EU entity.
  { path: 'agreements', load: () => import('../features/extras/agreements-screen.tsx') },
  { path: 'satos-to-eu', load: () => import('../features/extras/satos-to-eu-screen.tsx') },
  // §2 reverification page (issue 10), reached from the overview whenever a status is not _No.
  { path: 'reverification', load: () => import('../features/kyc/reverification/reverification-screen.tsx'), inSdk: true },
  // §2 updatekyc / updatePOA: the new identity document or proof of address, through the in-house capture.
  { path: 'updatekyc', load: () => import('../features/kyc/reverification/update-poi-screen.tsx'), inSdk: true },
  { path: 'updatePOA', load: () => import('../features/kyc/reverification/update-poa-screen.tsx'), inSdk: true },
  // §2 resetkyc: start a retryable level over, confirmed by the e-mailed code (§7 self-reset).
  { path: 'resetkyc', load: () => import('../features/kyc/reverification/reset-kyc-screen.tsx'), inSdk: true },
  // §2 the SDK page (issue 14): reached with an access token (sdk-session.ts reads its parameters at start).
  { path: 'sdk', load: () => import('../features/sdk/sdk-screen.tsx'), inSdk: true },
  // Beyond §2 (issue 12, decision 029): an identity verified on one site moves to the account on another.
  { path: 'identity-transfer', load: () => import('../features/transfer/identity-transfer-screen.tsx') },
  ...QUESTIONNAIRE_ROUTES.map((path) => ({ path, load: questionnaire(path) })),
  // Issue 12 (decision 027): the open compliance tasks, and the answer to a reviewer's request for information.
  { path: 'complianceTasks', load: () => import('../features/compliance/compliance-tasks-screen.tsx') },
  { path: 'rfiQuestion', load: () => import('../features/compliance/rfi-screen.tsx') },
];

/** The /auth routes a session may reach: all of them, or in SDK mode the verification steps only (decision 047). */
export function authRoutesFor(sdk: boolean): readonly ChildRoute[] {
  return sdk ? AUTH_CHILD_ROUTES.filter((r) => r.inSdk) : AUTH_CHILD_ROUTES;
}
