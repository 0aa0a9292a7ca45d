import { describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../../shared/api/documents.ts';
import type { DocumentKind } from '../../../../shared/kyc.ts';
import {
  canEnterStep,
  clampStep,
  documentImageKinds,
  draftsByKind,
  FlowStep,
  level1Steps,
  level2Steps,
  flowHref,
  levelFromSearch,
  stepFromSearch,
  retryStep,
  stepToShow,
  readyToSubmit,
  resumeStep,
  type DraftsByKind,
  type Level1Progress,
} from './flow.ts';

const doc = (kind: DocumentKind, createdAt = '2026-01-01T00:00:00.000Z', id = `${kind}-${createdAt}`): DocumentSummary => ({
  id,
  kind,
  level: kind === 'PROOF_OF_ADDRESS' ? 2 : 1,
  mime: 'image/jpeg',
  byteSize: 1000,
  width: 800,
  height: 600,
  createdAt,
  applicationId: null,
});
const drafts = (...kinds: DocumentKind[]): DraftsByKind => draftsByKind(kinds.map((k) => doc(k)));
const progress = (p: Partial<Level1Progress>): Level1Progress => ({ country: null, documentType: null, documentNumber: '', typeSupported: false, drafts: {}, ...p });
const keys = (steps: { key: string }[]) => steps.map((s) => s.key);
const done = (steps: { complete: boolean }[]) => steps.map((s) => s.complete);

describe('level 1 steps', () => {
  it('ID card: country, type, front+back, selfie, review — each complete only with what it needs', () => {
    const p = progress({ country: 'DE', documentType: 'ID_CARD', typeSupported: true, drafts: drafts('DOCUMENT_FRONT') });
    expect(keys(level1Steps(p))).toEqual([FlowStep.COUNTRY, FlowStep.DOCUMENT_TYPE, FlowStep.DOCUMENTS, FlowStep.SELFIE, FlowStep.REVIEW]);
    expect(done(level1Steps(p))).toEqual([true, true, false, false, false]);
    expect(done(level1Steps({ ...p, drafts: drafts('DOCUMENT_FRONT', 'DOCUMENT_BACK', 'SELFIE') }))).toEqual([true, true, true, true, false]);
  });

  it('passport: the photo page is enough (no back side)', () => {
    expect(documentImageKinds('PASSPORT')).toEqual(['DOCUMENT_FRONT']);
    const p = progress({ country: 'GB', documentType: 'PASSPORT', typeSupported: true, drafts: drafts('DOCUMENT_FRONT', 'SELFIE') });
    expect(readyToSubmit(level1Steps(p))).toBe(true);
  });

  it('bank verification number: the number step replaces the photos; 11 digits exactly', () => {
    const p = progress({ country: 'NG', documentType: 'BANK_VERIFICATION_NUMBER', typeSupported: true, documentNumber: '1234567890', drafts: drafts('SELFIE') });
    expect(keys(level1Steps(p))).toEqual([FlowStep.COUNTRY, FlowStep.DOCUMENT_TYPE, FlowStep.NUMBER, FlowStep.SELFIE, FlowStep.REVIEW]);
    expect(readyToSubmit(level1Steps(p))).toBe(false);
    expect(readyToSubmit(level1Steps({ ...p, documentNumber: '12345678901' }))).toBe(true);
    expect(readyToSubmit(level1Steps({ ...p, documentNumber: '1234567890a' }))).toBe(false);
  });

  it('a type the country does not offer leaves the type step incomplete', () => {
    const p = progress({ country: 'GB', documentType: 'ID_CARD', typeSupported: false, drafts: drafts('DOCUMENT_FRONT', 'DOCUMENT_BACK', 'SELFIE') });
    expect(done(level1Steps(p)).slice(0, 2)).toEqual([true, false]);
    expect(readyToSubmit(level1Steps(p))).toBe(false);
  });
});

describe('stepper guards', () => {
  const steps = level1Steps(progress({ country: 'DE', documentType: 'ID_CARD', typeSupported: true, drafts: drafts('DOCUMENT_FRONT') }));

  it('a step is entered only when every earlier step is complete', () => {
    expect([0, 1, 2, 3, 4].map((i) => canEnterStep(steps, i))).toEqual([true, true, true, false, false]);
    expect(canEnterStep(steps, -1)).toBe(false);
    expect(canEnterStep(steps, 5)).toBe(false);
  });

  it('resumes at the first incomplete step, or the review when all are done', () => {
    expect(resumeStep(steps)).toBe(2);
    expect(resumeStep(level1Steps(progress({ country: 'DE', documentType: 'ID_CARD', typeSupported: true, drafts: drafts('DOCUMENT_FRONT', 'DOCUMENT_BACK', 'SELFIE') })))).toBe(4);
    expect(resumeStep(level1Steps(progress({})))).toBe(0);
  });

  it('clamps back when an earlier step became incomplete (a photo was removed)', () => {
    expect(clampStep(steps, 4)).toBe(2);
    expect(clampStep(steps, 1)).toBe(1);
    expect(clampStep(steps, 99)).toBe(2);
    expect(clampStep(steps, -3)).toBe(0);
  });
});

describe('level 2 steps', () => {
  it('details (type + a valid date) -> the statement or bill -> review', () => {
    const base = { proofOfAddressType: null, issuedOn: '', issuedOnValid: false, drafts: {} };
    expect(done(level2Steps(base))).toEqual([false, false, false]);
    expect(done(level2Steps({ ...base, proofOfAddressType: 'UTILITY_BILL', issuedOn: '2026-01-01', issuedOnValid: true }))).toEqual([true, false, false]);
    const ready = level2Steps({ proofOfAddressType: 'BANK_STATEMENT', issuedOn: '2026-01-01', issuedOnValid: true, drafts: drafts('PROOF_OF_ADDRESS') });
    expect(readyToSubmit(ready)).toBe(true);
    expect(readyToSubmit(level2Steps({ proofOfAddressType: 'BANK_STATEMENT', issuedOn: '2020-01-01', issuedOnValid: false, drafts: drafts('PROOF_OF_ADDRESS') }))).toBe(false);
  });
});

describe('drafts and the level parameter', () => {
  it('keeps the newest draft of each kind', () => {
    const byKind = draftsByKind([doc('SELFIE', '2026-01-01T00:00:00.000Z', 'old'), doc('SELFIE', '2026-01-02T00:00:00.000Z', 'new'), doc('SELFIE', '2025-12-31T00:00:00.000Z', 'older')]);
    expect(byKind.SELFIE?.id).toBe('new');
    expect(draftsByKind(undefined)).toEqual({});
  });

  it('§3: level 2 only for level=2; anything else is level 1', () => {
    expect(levelFromSearch('level=2')).toBe(2);
    expect(levelFromSearch('?level=2')).toBe(2);
    expect(levelFromSearch('level=1')).toBe(1);
    expect(levelFromSearch('level=3')).toBe(1);
    expect(levelFromSearch('')).toBe(1);
  });
});

describe('the step in the address', () => {
  it('reads a known step and ignores anything else', () => {
    expect(stepFromSearch('?step=selfie')).toBe(FlowStep.SELFIE);
    expect(stepFromSearch('level=2&step=addressDocument')).toBe(FlowStep.ADDRESS_DOCUMENT);
    expect(stepFromSearch('?step=admin')).toBeNull();
    expect(stepFromSearch('')).toBeNull();
  });

  it('builds the address of a level at a step', () => {
    expect(flowHref(1)).toBe('/kyc');
    expect(flowHref(2)).toBe('/kyc?level=2');
    expect(flowHref(1, FlowStep.SELFIE)).toBe('/kyc?step=selfie');
    expect(flowHref(2, FlowStep.REVIEW)).toBe('/kyc?level=2&step=review');
    // updatekyc / updatePOA reuse the capture and keep their own page.
    expect(flowHref(1, FlowStep.SELFIE, '/updatekyc')).toBe('/updatekyc?step=selfie');
  });

  it('shows the asked step when it may be entered, else the nearest before it; no step means the fallback', () => {
    const progress: Level1Progress = { country: 'ES', documentType: 'ID_CARD', documentNumber: '', typeSupported: true, drafts: drafts('DOCUMENT_FRONT', 'DOCUMENT_BACK') };
    const steps = level1Steps(progress);
    expect(stepToShow(steps, FlowStep.SELFIE, 0)).toBe(3);
    // A reload on the review without a selfie lands on the selfie, never past it.
    expect(stepToShow(steps, FlowStep.REVIEW, 0)).toBe(3);
    expect(stepToShow(steps, FlowStep.COUNTRY, 3)).toBe(0);
    expect(stepToShow(steps, null, 2)).toBe(2);
    // A step this flow does not have (the BVN number for an ID card) counts as none.
    expect(stepToShow(steps, FlowStep.NUMBER, 1)).toBe(1);
  });
});

describe('where a retry after a rejection starts', () => {
  it('at the pictures for a document reason, the selfie for a selfie reason, the earliest of both', () => {
    expect(retryStep(['DOCUMENT_UNREADABLE'])).toBe(FlowStep.DOCUMENTS);
    expect(retryStep(['SELFIE_UNCLEAR'])).toBe(FlowStep.SELFIE);
    expect(retryStep(['SELFIE_MISMATCH', 'DOCUMENT_EXPIRED'])).toBe(FlowStep.DOCUMENTS);
  });
  it('at the beginning for a reason about the person, or none', () => {
    expect(retryStep(['DATA_MISMATCH'])).toBeNull();
    expect(retryStep(['DOCUMENT_UNREADABLE', 'OTHER'])).toBeNull();
    expect(retryStep([])).toBeNull();
  });
});
