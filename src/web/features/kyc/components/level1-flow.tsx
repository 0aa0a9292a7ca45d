import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubmitApplicationResult } from '../../../../shared/api/applications.ts';
import type { HandoffCreateResult } from '../../../../shared/api/capture.ts';
import type { CountryListEntry } from '../../../../shared/api/country-list.ts';
import { DOCUMENT_REQUIREMENTS, type SelectableDocumentType } from '../../../../shared/api/document-types.ts';
import { enabledCountryField } from '../../../../shared/api/kyc-fields.ts';
import type { PersonalInfo } from '../../../../shared/api/personal-info.ts';
import { DocumentKind, DocumentType, KycLevel } from '../../../../shared/kyc.ts';
import { validationMessageKey } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { SkeletonText } from '../../../components/ui/skeleton.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { useCaptureKit } from '../../../lib/capture/capture-kit.ts';
import { kindLabelKey } from '../../../lib/capture/kind-label.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { useDeleteDocument } from '../api/delete-document.ts';
import { useDocumentDrafts } from '../api/document-drafts.ts';
import { useSupportedDocumentTypes } from '../api/supported-document-type.ts';
import { countryOptions, nameOfCountry } from '../model/country-names.ts';
import { BVN_PATTERN, documentImageKinds, draftsByKind, FlowStep, level1Steps, resumeStep } from '../model/flow.ts';
import { forgetLevel1Choice, readLevel1Choice, writeLevel1Choice } from '../model/flow-memory.ts';
import { FlowShell } from './flow-shell.tsx';
import { ReviewImages } from './review-images.tsx';
import { SelfieCamera } from './selfie-camera.tsx';
import { SubmitButton } from './submit-step.tsx';
import { DocumentSlot, useUploadSlot } from './upload-slot.tsx';
import { useFlowStep } from './use-flow-step.ts';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';

export interface Level1FlowProps {
  userId: string | undefined;
  personalInfo: PersonalInfo;
  countries: readonly CountryListEntry[] | undefined;
  maxBytes: number;
  onSubmitted: (result: SubmitApplicationResult) => void;
  /**
   * Replaces "Submit for review" at the review step: re-verification (updatekyc) sends the same
   * capture to update-poi instead of submit-application. Gets what was captured.
   */
  renderSubmit?: (captured: CapturedLevel1, goToKind: (kind: DocumentKind) => void) => ReactNode;
  /** After a retryable rejection: the step its reasons point to (retryStep), where the flow starts when nothing is uploaded yet. */
  retryAt?: FlowStep | null;
}

/** What the level 1 capture collected: the issuing country, the document type and its photos. */
export interface CapturedLevel1 {
  country: string;
  documentType: SelectableDocumentType;
  documentIds: string[];
}

/** What a document type needs, as the radio card's second line. */
function typeHintKey(type: SelectableDocumentType): string {
  const req = DOCUMENT_REQUIREMENTS[type];
  if (req.needsNumber) return 'kyc.docHint.number';
  return req.kinds.includes(DocumentKind.DOCUMENT_BACK) ? 'kyc.docHint.twoSides' : 'kyc.docHint.photoPage';
}

/**
 * Level 1 with the in-house provider: issuing country -> document type supported there -> images
 * (front/back as the type needs, or the BVN number) -> selfie (camera or upload) -> review -> submit.
 * Uploads already made are shown again when the user comes back (document drafts).
 */
export function Level1Flow({ userId, personalInfo, countries, maxBytes, onSubmitted, renderSubmit, retryAt = null }: Level1FlowProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const remembered = useMemo(() => readLevel1Choice(userId), [userId]);
  const [country, setCountry] = useState<string | null>(remembered.country ?? personalInfo.nationality ?? null);
  const [documentType, setDocumentType] = useState<SelectableDocumentType | null>(remembered.documentType);
  const [documentNumber, setDocumentNumber] = useState('');
  const [blockedAt, setBlockedAt] = useState<{ step: FlowStep; text: string } | null>(null);
  const drafts = useDocumentDrafts(KycLevel.LEVEL_1);
  const types = useSupportedDocumentTypes(country);
  const remover = useDeleteDocument(KycLevel.LEVEL_1);
  const kit = useCaptureKit();

  const byKind = useMemo(() => draftsByKind(drafts.data?.documents), [drafts.data]);
  const typeSupported = Boolean(documentType && types.data?.documentTypes.some((d) => d.type === documentType));
  const steps = level1Steps({ country, documentType, documentNumber, typeSupported, drafts: byKind });

  const front = useUploadSlot(KycLevel.LEVEL_1, DocumentKind.DOCUMENT_FRONT, byKind.DOCUMENT_FRONT);
  const back = useUploadSlot(KycLevel.LEVEL_1, DocumentKind.DOCUMENT_BACK, byKind.DOCUMENT_BACK);
  const selfie = useUploadSlot(KycLevel.LEVEL_1, DocumentKind.SELFIE, byKind.SELFIE);
  const slots = { DOCUMENT_FRONT: front, DOCUMENT_BACK: back, SELFIE: selfie } as const;

  useEffect(() => writeLevel1Choice(userId, { country, documentType }), [userId, country, documentType]);

  // A returning user with uploads resumes where they stopped; a new one starts at the country. The
  // step is decided once the drafts and the chosen type's availability are known.
  const ready = drafts.isSuccess && !(country && documentType && types.isPending);
  // A retry starts at the step its rejection points to (the step still needs the ones before it: clamped).
  const retryIndex = retryAt ? steps.findIndex((st) => st.key === retryAt) : -1;
  const flow = useFlowStep(KycLevel.LEVEL_1, steps, ready, () => ((drafts.data?.documents.length ?? 0) > 0 ? resumeStep(steps) : Math.max(retryIndex, 0)));

  // Continue pressed while a picture is still on its way: the flow moves on by itself once every
  // upload has arrived (the user is told to wait meanwhile), instead of asking for a second click.
  const [continueAfterUpload, setContinueAfterUpload] = useState<FlowStep | null>(null);
  const continued = useRef<FlowStep | null>(null);
  const anyUploading = front.uploading || back.uploading || selfie.uploading;
  // The wish belongs to its step: on another step (moved on, or Back) it is forgotten.
  if (continueAfterUpload && steps[flow.index]?.key !== continueAfterUpload) setContinueAfterUpload(null);
  useEffect(() => {
    const current = steps[flow.index];
    if (!continueAfterUpload || anyUploading || !current?.complete || current.key !== continueAfterUpload) return;
    if (continued.current === continueAfterUpload) return;
    continued.current = continueAfterUpload;
    flow.go(flow.index + 1);
  }, [continueAfterUpload, anyUploading, steps, flow]);

  const refetchDrafts = drafts.refetch;
  const onArrived = useCallback(() => void refetchDrafts(), [refetchDrafts]);
  // One phone session for the rest of the level (decision 058): the flow holds its link, so it
  // outlives the documents step's page when the user moves to the selfie meanwhile.
  const [phoneLink, setPhoneLink] = useState<HandoffCreateResult | null>(null);
  // The phone is done (decisions 023, 058): with its pictures in the drafts the flow moves on by
  // itself to the first step still to do (the review once everything is there); otherwise the user
  // sees what is still missing.
  const flowIndex = flow.index;
  const flowGo = flow.go;
  const onCompleted = useCallback(() => {
    void refetchDrafts().then((r) => {
      const fresh = level1Steps({ country, documentType, documentNumber, typeSupported, drafts: draftsByKind(r.data?.documents) });
      setPhoneLink(null);
      const next = resumeStep(fresh);
      if (next > flowIndex) flowGo(next);
    });
  }, [refetchDrafts, country, documentType, documentNumber, typeSupported, flowIndex, flowGo]);

  if (drafts.isError) {
    return <LoadError title={t('kyc.overview.loadError')} error={drafts.error} onRetry={() => void drafts.refetch()} />;
  }
  if (!ready) {
    return <LoadingBlock lines={6} />;
  }

  const index = flow.index;
  const step = steps[index]!.key;
  // A "why not" message belongs to the step it was given on (Back/Forward leave it behind).
  const blocked = blockedAt?.step === step ? blockedAt.text : null;
  const setBlocked = (text: string | null) => setBlockedAt(text ? { step, text } : null);
  const imageKinds = documentImageKinds(documentType);
  const requiredKinds = documentType ? DOCUMENT_REQUIREMENTS[documentType].kinds : [];
  const kindLabel = (kind: DocumentKind) => t(kindLabelKey(kind, documentType));
  const docName = documentType ? t(`kyc.docType.${documentType}`) : '';
  const go = (i: number) => {
    setBlocked(null);
    flow.go(i);
  };
  const stepOfKind = (kind: DocumentKind) => steps.findIndex((s) => (kind === DocumentKind.SELFIE ? s.key === FlowStep.SELFIE : s.key === FlowStep.DOCUMENTS));

  const blockedMessage = (): string => {
    switch (step) {
      case FlowStep.COUNTRY:
        return t('kyc.flow.blocked.country');
      case FlowStep.DOCUMENT_TYPE:
        return t('kyc.flow.blocked.documentType');
      case FlowStep.NUMBER:
        return t('kyc-rules.invalid_bvn');
      case FlowStep.DOCUMENTS:
        return t('kyc.flow.blocked.images', { items: imageKinds.filter((k) => !byKind[k]).map(kindLabel).join(', ') });
      case FlowStep.SELFIE:
        return t('kyc.flow.blocked.selfie');
      default:
        return '';
    }
  };
  const onContinue = () => {
    if (steps[index]!.complete && !anyUploading) go(index + 1);
    else if (steps[index]!.complete) {
      setBlocked(t('kyc.flow.blocked.uploading'));
      continued.current = null;
      setContinueAfterUpload(step);
    } else setBlocked(blockedMessage());
  };

  const chooseType = (next: SelectableDocumentType) => {
    // Photos belong to the document they show: switching to another type discards the old ones.
    if (documentType && next !== documentType) {
      for (const kind of [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK]) {
        const d = byKind[kind];
        if (d) remover.mutate(d.id);
      }
    }
    setDocumentType(next);
    setBlocked(null);
  };

  let title = '';
  let content: ReactNode = null;
  switch (step) {
    case FlowStep.COUNTRY: {
      const countryError = country ? enabledCountryField.safeParse(country).error?.issues[0]?.message : undefined;
      title = t('kyc.flow.country.title');
      content = (
        <>
          <p className="text-sm text-muted">{t('kyc.flow.country.intro')}</p>
          <Field label={t('kyc.flow.country.label')} required error={countryError ? t(validationMessageKey(countryError), { name: t('kyc.flow.country.label') }) : undefined}>
            <Select
              value={country ?? ''}
              placeholder={countries ? t('kyc.personal.selectCountry') : t('common.loading')}
              disabled={!countries}
              options={countryOptions(countries ?? [], language).map((c) => ({ value: c.code, label: c.disabled ? t('kyc.personal.countryUnavailable', { name: c.name }) : c.name, disabled: c.disabled }))}
              onChange={(e) => {
                setCountry(e.target.value || null);
                setBlocked(null);
              }}
            />
          </Field>
        </>
      );
      break;
    }
    case FlowStep.DOCUMENT_TYPE:
      title = t('kyc.flow.documentType.title');
      if (types.isPending) content = <SkeletonText lines={4} />;
      else if (types.isError)
        content = (
          <Alert variant="error" action={<Button size="small" variant="default" onClick={() => void types.refetch()}>{t('common.retry')}</Button>}>
            {errorMessage(t, types.error)}
          </Alert>
        );
      else if (types.data.documentTypes.length === 0) content = <Alert variant="warn">{t('kyc.flow.documentType.none')}</Alert>;
      else
        content = (
          <RadioGroup<SelectableDocumentType>
            legend={t('kyc.flow.documentType.legend', { country: nameOfCountry(countries, country ?? '', language) })}
            name="documentType"
            value={typeSupported ? documentType : null}
            onValueChange={chooseType}
            columns={2}
            options={types.data.documentTypes.map((d) => ({ value: d.type, label: t(`kyc.docType.${d.type}`), description: t(typeHintKey(d.type)) }))}
          />
        );
      break;
    case FlowStep.NUMBER:
      title = t('kyc.flow.number.title');
      content = (
        <Field
          label={t('kyc.flow.number.label')}
          hint={t('kyc.flow.number.hint')}
          required
          error={documentNumber && !BVN_PATTERN.test(documentNumber) && blocked ? t('kyc-rules.invalid_bvn') : undefined}
        >
          <TextInput inputMode="numeric" autoComplete="off" maxLength={11} value={documentNumber} onChange={(e) => setDocumentNumber(e.target.value.replace(/\D/g, ''))} />
        </Field>
      );
      break;
    case FlowStep.DOCUMENTS:
      title = t('kyc.flow.documents.title', { document: docName });
      content = (
        <>
          <PhotoTips />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {imageKinds.map((kind) => (
              <DocumentSlot key={kind} slot={slots[kind as 'DOCUMENT_FRONT' | 'DOCUMENT_BACK']} label={kindLabel(kind)} maxBytes={maxBytes} capture="environment" />
            ))}
          </div>
          {kit.HandoffPanel ? <p className="text-sm text-muted">{t('capture.noCamera.documents')}</p> : null}
          {kit.HandoffPanel && onDesktop() ? (
            <Suspense fallback={null}>
              <kit.HandoffPanel level={KycLevel.LEVEL_1} step="REMAINING" from="DOCUMENTS" documentType={documentType} link={phoneLink} onLink={setPhoneLink} onArrived={onArrived} onCompleted={onCompleted} />
            </Suspense>
          ) : null}
        </>
      );
      break;
    case FlowStep.SELFIE:
      title = t('kyc.flow.selfie.title');
      content = (
        <>
          <p className="text-sm text-muted">{t('kyc.flow.selfie.intro')}</p>
          {kit.SelfieCapture ? (
            <Suspense fallback={null}>
              <kit.SelfieCapture level={KycLevel.LEVEL_1} onCapture={selfie.select} hasSelfie={Boolean(selfie.draft || selfie.file)} disabled={selfie.uploading} />
            </Suspense>
          ) : (
            <SelfieCamera onCapture={selfie.select} hasSelfie={Boolean(selfie.draft || selfie.file)} disabled={selfie.uploading} />
          )}
          <p className="text-sm font-medium">{t('kyc.flow.selfie.or')}</p>
          <DocumentSlot slot={selfie} label={t('kyc.selfie.uploadLabel')} maxBytes={maxBytes} capture="user" />
          {kit.HandoffPanel ? <p className="text-sm text-muted">{t('capture.noCamera.selfie')}</p> : null}
          {kit.HandoffPanel && onDesktop() ? (
            <Suspense fallback={null}>
              <kit.HandoffPanel level={KycLevel.LEVEL_1} step="REMAINING" from="SELFIE" documentType={documentType} link={phoneLink} onLink={setPhoneLink} onArrived={onArrived} onCompleted={onCompleted} />
            </Suspense>
          ) : null}
        </>
      );
      break;
    case FlowStep.REVIEW:
      title = t('kyc.review.title');
      content = (
        <>
          <p className="text-sm text-muted">{t('kyc.review.intro')}</p>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="text-sm text-muted">{t('kyc.review.field.country')}</dt>
            <dd className="m-0 flex items-center gap-3">
              {nameOfCountry(countries, country ?? '', language)}
              <Button size="x-small" variant="default" onClick={() => go(0)} aria-label={t('kyc.review.change', { item: t('kyc.review.field.country') })}>
                {t('kyc.review.changeShort')}
              </Button>
            </dd>
            <dt className="text-sm text-muted">{t('kyc.review.field.documentType')}</dt>
            <dd className="m-0 flex items-center gap-3">
              {docName}
              <Button size="x-small" variant="default" onClick={() => go(1)} aria-label={t('kyc.review.change', { item: t('kyc.review.field.documentType') })}>
                {t('kyc.review.changeShort')}
              </Button>
            </dd>
            {documentType && DOCUMENT_REQUIREMENTS[documentType].needsNumber ? (
              <>
                <dt className="text-sm text-muted">{t('kyc.review.field.documentNumber')}</dt>
                <dd className="m-0 tabular-nums">
                  <bdi dir="ltr">{documentNumber}</bdi>
                </dd>
              </>
            ) : null}
          </dl>
          <ReviewImages kinds={requiredKinds} drafts={byKind} label={kindLabel} onRetake={(kind) => go(stepOfKind(kind))} />
          {renderSubmit && documentType ? (
            renderSubmit(
              { country: country ?? '', documentType, documentIds: requiredKinds.map((k) => byKind[k]?.id).filter((id): id is string => Boolean(id)) },
              (kind) => go(stepOfKind(kind)),
            )
          ) : (
            <SubmitButton
              body={{
                level: KycLevel.LEVEL_1,
                country: country ?? '',
                documentType: documentType ?? DocumentType.ID_CARD,
                documentNumber: documentType && DOCUMENT_REQUIREMENTS[documentType].needsNumber ? documentNumber : '',
                documentIds: requiredKinds.map((k) => byKind[k]?.id).filter((id): id is string => Boolean(id)),
              }}
              kindLabel={kindLabel}
              onMissing={(kinds) => kinds[0] && go(stepOfKind(kinds[0]))}
              onSubmitted={(result) => {
                forgetLevel1Choice(userId);
                onSubmitted(result);
              }}
            />
          )}
        </>
      );
      break;
  }

  return (
    <FlowShell
      steps={steps}
      current={index}
      title={title}
      onBack={index > 0 ? flow.back : undefined}
      onContinue={step === FlowStep.REVIEW ? undefined : onContinue}
      blocked={blocked}
    >
      {content}
    </FlowShell>
  );
}

/** A desktop or laptop (a fine pointer): where "continue on your phone" is offered. */
function onDesktop(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;
}

/** Tips for legible document photos (what reviewers most often reject). */
export function PhotoTips() {
  const { t } = useTranslation();
  return (
    <ul className="list-disc ps-5 text-sm text-muted">
      {(['tip1', 'tip2', 'tip3'] as const).map((k) => (
        <li key={k}>{t(`kyc.guide.tips.${k}`)}</li>
      ))}
    </ul>
  );
}
