import type { DocumentSummary } from '../../../../shared/api/documents.ts';
import { DOCUMENT_REQUIREMENTS, PROOF_OF_ADDRESS_KINDS, type ProofOfAddressType, type SelectableDocumentType } from '../../../../shared/document-requirements.ts';
import { DocumentKind, type VerifiableLevel } from '../../../../shared/kyc.ts';

/** The steps of the in-house provider's flows (the kyc route). */
export const FlowStep = {
  COUNTRY: 'country',
  DOCUMENT_TYPE: 'documentType',
  /** Images of the document (front, back as the type needs). */
  DOCUMENTS: 'documents',
  /** Bank verification number: the number instead of images. */
  NUMBER: 'number',
  SELFIE: 'selfie',
  /** Level 2: proof-of-address type and issue date. */
  ADDRESS_DETAILS: 'addressDetails',
  /** Level 2: the statement or bill. */
  ADDRESS_DOCUMENT: 'addressDocument',
  REVIEW: 'review',
} as const;
export type FlowStep = (typeof FlowStep)[keyof typeof FlowStep];

/** Uploaded drafts by kind (the newest of each kind; the server keeps one per kind). */
export type DraftsByKind = Partial<Record<DocumentKind, DocumentSummary>>;

export function draftsByKind(documents: readonly DocumentSummary[] | undefined): DraftsByKind {
  const out: DraftsByKind = {};
  for (const d of documents ?? []) {
    const seen = out[d.kind];
    if (!seen || d.createdAt > seen.createdAt) out[d.kind] = d;
  }
  return out;
}

/** What the user has chosen and uploaded so far in a level 1 flow. */
export interface Level1Progress {
  country: string | null;
  documentType: SelectableDocumentType | null;
  documentNumber: string;
  /** The chosen type is offered by the chosen country (supported-document-type). */
  typeSupported: boolean;
  drafts: DraftsByKind;
}

/** What the user has chosen and uploaded so far in a level 2 flow. */
export interface Level2Progress {
  proofOfAddressType: ProofOfAddressType | null;
  issuedOn: string;
  /** The date passed the shared schema's checks. */
  issuedOnValid: boolean;
  drafts: DraftsByKind;
}

export interface StepState {
  key: FlowStep;
  complete: boolean;
}

/** Image kinds of the document step (everything the type needs except the selfie). */
export function documentImageKinds(type: SelectableDocumentType | null): DocumentKind[] {
  if (!type) return [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK];
  return DOCUMENT_REQUIREMENTS[type].kinds.filter((k) => k !== DocumentKind.SELFIE);
}

export const BVN_PATTERN = /^\d{11}$/;

/** Level 1: country -> document type -> images (or the BVN number) -> selfie -> review. */
export function level1Steps(p: Level1Progress): StepState[] {
  const requirement = p.documentType ? DOCUMENT_REQUIREMENTS[p.documentType] : null;
  const steps: StepState[] = [
    { key: FlowStep.COUNTRY, complete: Boolean(p.country) },
    { key: FlowStep.DOCUMENT_TYPE, complete: Boolean(p.country && p.documentType && p.typeSupported) },
  ];
  if (requirement?.needsNumber) {
    steps.push({ key: FlowStep.NUMBER, complete: BVN_PATTERN.test(p.documentNumber) });
  } else {
    steps.push({ key: FlowStep.DOCUMENTS, complete: Boolean(requirement) && documentImageKinds(p.documentType).every((k) => p.drafts[k]) });
  }
  steps.push({ key: FlowStep.SELFIE, complete: Boolean(p.drafts[DocumentKind.SELFIE]) });
  steps.push({ key: FlowStep.REVIEW, complete: false });
  return steps;
}

/** Level 2: type and issue date -> the statement or bill -> review. */
export function level2Steps(p: Level2Progress): StepState[] {
  return [
    { key: FlowStep.ADDRESS_DETAILS, complete: Boolean(p.proofOfAddressType) && p.issuedOnValid },
    { key: FlowStep.ADDRESS_DOCUMENT, complete: PROOF_OF_ADDRESS_KINDS.every((k) => p.drafts[k]) },
    { key: FlowStep.REVIEW, complete: false },
  ];
}

/** A step can be entered only when every step before it is complete: nothing is skipped. */
export function canEnterStep(steps: readonly StepState[], index: number): boolean {
  if (index < 0 || index >= steps.length) return false;
  return steps.slice(0, index).every((s) => s.complete);
}

/** Where a returning user resumes: the first incomplete step (the review when all are done). */
export function resumeStep(steps: readonly StepState[]): number {
  const i = steps.findIndex((s) => !s.complete);
  return i === -1 ? steps.length - 1 : i;
}

/** The furthest step the user may be on now (after a change made an earlier step incomplete). */
export function clampStep(steps: readonly StepState[], index: number): number {
  let i = Math.min(Math.max(index, 0), steps.length - 1);
  while (i > 0 && !canEnterStep(steps, i)) i -= 1;
  return i;
}

/** Everything before the review is complete: the application may be sent. */
export function readyToSubmit(steps: readonly StepState[]): boolean {
  return steps.filter((s) => s.key !== FlowStep.REVIEW).every((s) => s.complete);
}

/** §3 flows: "Level 2 uses the second, anything else the first" — the same reading for `?level=`. */
export function levelFromSearch(search: string): VerifiableLevel {
  return new URLSearchParams(search).get('level') === '2' ? 2 : 1;
}

/** The query parameter that carries the flow's step, so each step is its own history entry. */
export const STEP_QUERY_PARAM = 'step';

/** The step named in the address (`?step=selfie`), or null when the address names none or an unknown one. */
export function stepFromSearch(search: string): FlowStep | null {
  const value = new URLSearchParams(search).get(STEP_QUERY_PARAM);
  return value && (Object.values(FlowStep) as string[]).includes(value) ? (value as FlowStep) : null;
}

/** The address of a level's flow on the kyc route (§3: level 2 uses `?level=2`), optionally at a step. */
export function flowHref(level: VerifiableLevel, step?: FlowStep, path = '/kyc'): string {
  const query = new URLSearchParams();
  if (level === 2) query.set('level', '2');
  if (step) query.set(STEP_QUERY_PARAM, step);
  const s = query.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * Which step to show: the one the address asks for when it may be entered now, else the furthest
 * one before it that may (a reload or a shared link never skips a step); without a step in the
 * address, `fallback` (where a returning user resumes).
 */
export function stepToShow(steps: readonly StepState[], wanted: FlowStep | null, fallback: number): number {
  const asked = wanted ? steps.findIndex((s) => s.key === wanted) : -1;
  return clampStep(steps, asked >= 0 ? asked : fallback);
}

/**
 * Where a retry after a rejection starts (issue 27): at the step the reasons point to (the pictures
 * for a document reason, the selfie for a selfie reason), not the country. The earliest such step
 * wins; reasons about the person or the account start at the beginning.
 */
export function retryStep(reasons: readonly string[]): FlowStep | null {
  const steps = reasons.map((r) => (r.startsWith('DOCUMENT_') ? FlowStep.DOCUMENTS : r.startsWith('SELFIE_') ? FlowStep.SELFIE : null));
  if (steps.length === 0 || steps.includes(null)) return null;
  return steps.includes(FlowStep.DOCUMENTS) ? FlowStep.DOCUMENTS : FlowStep.SELFIE;
}
