import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { submitApplicationRequest, type SubmitApplicationResult } from '../../../../shared/api/applications.ts';
import { monthsBefore, todayIso } from '../../../../shared/api/calendar.ts';
import type { CountryListEntry } from '../../../../shared/api/country-list.ts';
import { PROOF_OF_ADDRESS_KINDS, PROOF_OF_ADDRESS_MAX_AGE_MONTHS, ProofOfAddressType } from '../../../../shared/api/document-types.ts';
import type { PersonalInfo } from '../../../../shared/api/personal-info.ts';
import { DocumentKind, KycLevel } from '../../../../shared/kyc.ts';
import { validationMessageKey } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { useDocumentDrafts } from '../api/document-drafts.ts';
import { kycKeys } from '../api/keys.ts';
import { draftsByKind, FlowStep, level2Steps, resumeStep } from '../model/flow.ts';
import { forgetLevel2Choice, readLevel2Choice, writeLevel2Choice } from '../model/flow-memory.ts';
import { FlowShell } from './flow-shell.tsx';
import { PersonalInfoView, formatDate } from './personal-info-view.tsx';
import { ReviewImages } from './review-images.tsx';
import { SubmitButton } from './submit-step.tsx';
import { DocumentSlot, useUploadSlot } from './upload-slot.tsx';
import { useFlowStep } from './use-flow-step.ts';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { useDisclosure } from '../../../components/ui/use-disclosure.ts';

// The address form brings react-hook-form: loaded only when someone updates the address.
const AddressForm = lazy(() => import('./address-form.tsx').then((m) => ({ default: m.AddressForm })));

export interface Level2FlowProps {
  /** Whose choices (type, issue date) are remembered across reloads. */
  userId?: string | undefined;
  personalInfo: PersonalInfo | null;
  /** The residential address may be updated now (decision 005: level 1 verified, level 2 open). */
  addressEditable?: boolean;
  countries: readonly CountryListEntry[] | undefined;
  maxBytes: number;
  onSubmitted: (result: SubmitApplicationResult) => void;
  /**
   * Replaces "Submit for review" at the review step: re-verification (updatePOA) sends the same
   * capture to update-poa instead of submit-application. Gets what was captured.
   */
  renderSubmit?: (captured: CapturedLevel2) => ReactNode;
}

/** What the level 2 capture collected: the kind of proof, its issue date and its photos. */
export interface CapturedLevel2 {
  proofOfAddressType: ProofOfAddressType;
  issuedOn: string;
  documentIds: string[];
}

/** The issue-date problem, checked by the server's own schema (the level 2 branch of submit-application). */
export function issuedOnIssue(type: ProofOfAddressType | null, issuedOn: string): { code: string; params?: Record<string, unknown> } | null {
  const parsed = submitApplicationRequest.safeParse({ level: KycLevel.LEVEL_2, proofOfAddressType: type ?? ProofOfAddressType.BANK_STATEMENT, issuedOn });
  if (parsed.success) return null;
  const issue = parsed.error.issues.find((i) => i.path[0] === 'issuedOn');
  return issue ? { code: issue.message, params: (issue as { params?: Record<string, unknown> }).params } : null;
}

/**
 * Level 2 with the in-house provider: proof-of-address type and issue date -> the statement or bill
 * -> review -> submit. The reviewer compares it with the residence address given for level 1, shown
 * here too; someone who has moved since updates it here first ("Update address").
 */
export function Level2Flow({ userId, personalInfo, addressEditable = false, countries, maxBytes, onSubmitted, renderSubmit }: Level2FlowProps) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  // Closing the address form puts the keyboard back on the button that opened it.
  const { open: addressOpen, triggerRef: addressButtonRef, show: showAddress, close: closeAddress } = useDisclosure();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const remembered = useMemo(() => readLevel2Choice(userId), [userId]);
  const [type, setType] = useState<ProofOfAddressType | null>(remembered.proofOfAddressType);
  const [issuedOn, setIssuedOn] = useState(remembered.issuedOn);
  const [blockedAt, setBlockedAt] = useState<{ step: FlowStep; text: string } | null>(null);
  // Continue pressed without a usable date: the date field says why (one message, on the field).
  const [dateAsked, setDateAsked] = useState(false);
  const dateInput = useRef<HTMLInputElement>(null);
  const drafts = useDocumentDrafts(KycLevel.LEVEL_2);
  const byKind = useMemo(() => draftsByKind(drafts.data?.documents), [drafts.data]);
  const dateIssue = issuedOn ? issuedOnIssue(type, issuedOn) : { code: 'required' };
  const steps = level2Steps({ proofOfAddressType: type, issuedOn, issuedOnValid: dateIssue === null, drafts: byKind });
  const proof = useUploadSlot(KycLevel.LEVEL_2, DocumentKind.PROOF_OF_ADDRESS, byKind.PROOF_OF_ADDRESS);
  useEffect(() => writeLevel2Choice(userId, { proofOfAddressType: type, issuedOn }), [userId, type, issuedOn]);
  // Someone who chose a type and date before resumes at the first step still to do.
  const flow = useFlowStep(KycLevel.LEVEL_2, steps, drafts.isSuccess, () => (remembered.proofOfAddressType ? resumeStep(steps) : 0));

  if (drafts.isPending) {
    return <LoadingBlock lines={6} />;
  }
  if (drafts.isError) {
    return <LoadError title={t('kyc.overview.loadError')} error={drafts.error} onRetry={() => void drafts.refetch()} />;
  }

  const index = flow.index;
  const step = steps[index]!.key;
  // A "why not" message belongs to the step it was given on (Back/Forward leave it behind).
  const blocked = blockedAt?.step === step ? blockedAt.text : null;
  const setBlocked = (text: string | null) => setBlockedAt(text ? { step, text } : null);
  const kindLabel = (kind: DocumentKind) => t(`kyc.kind.${kind}`);
  const go = (i: number) => {
    setBlocked(null);
    flow.go(i);
  };
  const dateLabel = t('kyc.flow.address.issuedOn');
  const dateError = (dateAsked || issuedOn) && dateIssue ? t(validationMessageKey(dateIssue.code), { name: dateLabel, months: PROOF_OF_ADDRESS_MAX_AGE_MONTHS, ...dateIssue.params }) : undefined;
  const onContinue = () => {
    if (steps[index]!.complete && !proof.uploading) {
      go(index + 1);
      return;
    }
    if (step === FlowStep.ADDRESS_DETAILS && !type) setBlocked(t('kyc.flow.blocked.proofType'));
    else if (step === FlowStep.ADDRESS_DETAILS) {
      // The field's own message says what is wrong with the date (missing, too old, in the future):
      // no second, vaguer one under the step (issue 27).
      setDateAsked(true);
      setBlocked(null);
      dateInput.current?.focus();
    } else setBlocked(proof.uploading ? t('kyc.flow.blocked.uploading') : t('kyc.flow.blocked.images', { items: kindLabel(DocumentKind.PROOF_OF_ADDRESS) }));
  };

  let title = '';
  let content: ReactNode = null;
  switch (step) {
    case FlowStep.ADDRESS_DETAILS:
      title = t('kyc.flow.address.title');
      content = (
        <>
          {personalInfo && addressEditable && addressOpen ? (
            <Suspense fallback={<LoadingBlock lines={5} />}>
              <AddressForm
                initial={personalInfo}
                countries={countries}
                onSaved={closeAddress}
                onCancel={closeAddress}
                onLocked={() => {
                  closeAddress();
                  void client.invalidateQueries({ queryKey: kycKeys.all });
                }}
              />
            </Suspense>
          ) : personalInfo ? (
            <Alert
              variant="info"
              role="note"
              title={t('kyc.flow.address.mustShow')}
              action={
                addressEditable ? (
                  <Button ref={addressButtonRef} size="small" variant="default" onClick={showAddress}>
                    {t('kyc.personal.updateAddress.action')}
                  </Button>
                ) : undefined
              }
            >
              <PersonalInfoView info={personalInfo} countries={countries} />
              {addressEditable ? <p className="mt-2 text-muted">{t('kyc.flow.address.moved')}</p> : null}
            </Alert>
          ) : null}
          <RadioGroup<ProofOfAddressType>
            legend={t('kyc.flow.address.typeLegend')}
            name="proofOfAddressType"
            value={type}
            onValueChange={(v) => {
              setType(v);
              setBlocked(null);
            }}
            columns={2}
            options={Object.values(ProofOfAddressType).map((v) => ({ value: v, label: t(`kyc.poa.${v}.label`), description: t(`kyc.poa.${v}.hint`) }))}
          />
          <Field label={dateLabel} hint={t('kyc.flow.address.issuedOnHint', { months: PROOF_OF_ADDRESS_MAX_AGE_MONTHS })} required error={dateError}>
            <DateInput ref={dateInput} value={issuedOn} min={monthsBefore(todayIso(), PROOF_OF_ADDRESS_MAX_AGE_MONTHS)} max={todayIso()} onChange={(e) => setIssuedOn(e.target.value)} />
          </Field>
        </>
      );
      break;
    case FlowStep.ADDRESS_DOCUMENT:
      title = t('kyc.flow.address.uploadTitle', { document: type ? t(`kyc.poa.${type}.label`) : '' });
      content = (
        <>
          <ul className="list-disc ps-5 text-sm text-muted">
            <li>{t('kyc.flow.address.tip1')}</li>
            <li>{t('kyc.flow.address.tip2', { months: PROOF_OF_ADDRESS_MAX_AGE_MONTHS })}</li>
            <li>{t('kyc.guide.tips.tip3')}</li>
            {/* Statements arrive as PDFs: say they are fine, as sent, without a password (decision 053). */}
            <li>{t('ux.poa.pdf')}</li>
          </ul>
          <DocumentSlot slot={proof} label={kindLabel(DocumentKind.PROOF_OF_ADDRESS)} maxBytes={maxBytes} capture="environment" acceptPdf />
        </>
      );
      break;
    case FlowStep.REVIEW:
      title = t('kyc.review.title');
      content = (
        <>
          <p className="text-sm text-muted">{t('kyc.review.intro')}</p>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="text-sm text-muted">{t('kyc.review.field.proofOfAddressType')}</dt>
            <dd className="m-0">{type ? t(`kyc.poa.${type}.label`) : ''}</dd>
            <dt className="text-sm text-muted">{t('kyc.review.field.issuedOn')}</dt>
            <dd className="m-0">{formatDate(issuedOn, language)}</dd>
          </dl>
          <ReviewImages kinds={PROOF_OF_ADDRESS_KINDS} drafts={byKind} label={kindLabel} onRetake={() => go(1)} />
          {renderSubmit ? (
            renderSubmit({
              proofOfAddressType: type ?? ProofOfAddressType.BANK_STATEMENT,
              issuedOn,
              documentIds: PROOF_OF_ADDRESS_KINDS.map((k) => byKind[k]?.id).filter((id): id is string => Boolean(id)),
            })
          ) : (
            <SubmitButton
              body={{
                level: KycLevel.LEVEL_2,
                proofOfAddressType: type ?? ProofOfAddressType.BANK_STATEMENT,
                issuedOn,
                documentIds: PROOF_OF_ADDRESS_KINDS.map((k) => byKind[k]?.id).filter((id): id is string => Boolean(id)),
              }}
              kindLabel={kindLabel}
              onMissing={() => go(1)}
              onSubmitted={(result) => {
                forgetLevel2Choice(userId);
                onSubmitted(result);
              }}
            />
          )}
        </>
      );
      break;
  }

  return (
    <FlowShell steps={steps} current={index} title={title} onBack={index > 0 ? flow.back : undefined} onContinue={step === FlowStep.REVIEW ? undefined : onContinue} blocked={blocked}>
      {content}
    </FlowShell>
  );
}
