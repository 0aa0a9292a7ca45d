import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StepStatus } from '../../../../shared/kyc.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { countryListQuery, useCountryList } from '../api/country-list.ts';
import { kycKeys } from '../api/keys.ts';
import { personalInfoQuery, usePersonalInfo } from '../api/personal-info.ts';
import { readPersonalDraft } from '../model/personal-draft.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { PersonalInfoView } from './personal-info-view.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { useDisclosure } from '../../../components/ui/use-disclosure.ts';

export const PERSONAL_INFO_SECTION_ID = 'personal-info';

// The forms bring their validation (zod with the shared schema; react-hook-form for the address form):
// loaded only when the information is missing or someone edits.
const loadPersonalInfoForm = () => import('./personal-info-form.tsx');
const PersonalInfoForm = lazy(() => loadPersonalInfoForm().then((m) => ({ default: m.PersonalInfoForm })));
const AddressForm = lazy(() => import('./address-form.tsx').then((m) => ({ default: m.AddressForm })));

/**
 * As the page starts (the personal route's preload): the country names the section shows, and the
 * form's chunk as soon as the read says the form is what a new user gets. Fetched when the section
 * renders instead, each answer re-rendered the page after its first paint, and the form's chunk was
 * one more round trip after the data (issue 32).
 */
export function preloadPersonalInfoSection(client: QueryClient): Promise<unknown> {
  return Promise.allSettled([
    client.prefetchQuery(countryListQuery),
    client.fetchQuery(personalInfoQuery).then((read) => (read.editable && !read.info ? loadPersonalInfoForm() : undefined)),
  ]);
}

/** Why saved information cannot be changed, by the level 1 status. */
function lockedKey(level1: StepStatus): string {
  if (level1 === StepStatus.PENDING) return 'kyc.personal.locked.PENDING';
  if (level1 === StepStatus.SUCCESS) return 'kyc.personal.locked.SUCCESS';
  return 'kyc.personal.locked.other';
}

/**
 * Personal information on the personal route: the form while it is missing, the saved details with
 * an Edit button while it may change (level 1 ALLOW / FAILED_AND_CAN_RETRY), and a read-only view
 * with the reason once it is submitted. After level 1 is verified, while level 2 accepts a
 * submission, the residential address alone can still be updated (decision 005: people move).
 */
export function PersonalInfoSection({ level1Status }: { level1Status: StepStatus }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const personal = usePersonalInfo();
  const countries = useCountryList();
  const userId = useGlobalStore((st) => st.user.id);
  // Someone who was editing before a reload finds the form open again with what they typed.
  const [editing, setEditing] = useState(() => readPersonalDraft(userId) !== null);
  // Closing the address form puts the keyboard back on the button that opened it.
  const { open: addressOpen, triggerRef: addressButtonRef, show: showAddress, close: closeAddress } = useDisclosure();

  let body: ReactNode;
  let actions: ReactNode = null;
  if (personal.isPending) {
    body = <LoadingBlock lines={4} />;
  } else if (personal.isError) {
    body = <LoadError title={t('kyc.personal.loadError')} error={personal.error} onRetry={() => void personal.refetch()} />;
  } else {
    const { info, editable, addressEditable } = personal.data;
    // The intro is here, not in the form's chunk: it is the largest text of a new user's first page,
    // painted with the section instead of after one more download (issue 15, mobile LCP).
    const form = (
      <div className="flex flex-col gap-5">
        <p className="text-sm text-muted">{t('kyc.personal.intro')}</p>
        <Suspense fallback={<LoadingBlock lines={6} />}>
          <PersonalInfoForm
            initial={info}
            countries={countries.data?.list}
            countriesError={countries.isError}
            onRetryCountries={() => void countries.refetch()}
            onSaved={() => setEditing(false)}
            onCancel={info ? () => setEditing(false) : undefined}
            onLocked={() => {
              setEditing(false);
              void client.invalidateQueries({ queryKey: kycKeys.all });
            }}
          />
        </Suspense>
      </div>
    );
    if (editable && (!info || editing)) {
      body = form;
    } else if (info && !editable && addressEditable && addressOpen) {
      body = (
        <Suspense fallback={<LoadingBlock lines={5} />}>
          <AddressForm
            initial={info}
            countries={countries.data?.list}
            countriesError={countries.isError}
            onRetryCountries={() => void countries.refetch()}
            onSaved={closeAddress}
            onCancel={closeAddress}
            onLocked={() => {
              closeAddress();
              void client.invalidateQueries({ queryKey: kycKeys.all });
            }}
          />
        </Suspense>
      );
    } else if (info) {
      body = (
        <div className="flex flex-col gap-4">
          <PersonalInfoView info={info} countries={countries.data?.list} />
          {!editable ? (
            <Alert variant="info" role="note">
              {t(addressEditable ? 'kyc.personal.updateAddress.lockedNote' : lockedKey(level1Status))}
            </Alert>
          ) : null}
        </div>
      );
      if (editable) {
        actions = (
          <Button size="small" variant="default" onClick={() => setEditing(true)}>
            {t('kyc.personal.edit')}
          </Button>
        );
      } else if (addressEditable) {
        actions = (
          <Button ref={addressButtonRef} size="small" variant="default" onClick={showAddress}>
            {t('kyc.personal.updateAddress.action')}
          </Button>
        );
      }
    } else {
      body = <p className="text-sm text-muted">{t('kyc.personal.notAvailable')}</p>;
    }
  }

  return (
    <Card id={PERSONAL_INFO_SECTION_ID} title={t('kyc.personal.title')} actions={actions} tabIndex={-1} className="scroll-mt-4 outline-none">
      {body}
    </Card>
  );
}
