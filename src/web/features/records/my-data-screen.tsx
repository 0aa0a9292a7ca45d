import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LOGIN_PAGE } from '../../../shared/api/paths.ts';
import { AccountPagePath } from '../../../shared/api/account-page-paths.ts';
import type { ErasureResult, UserDataExport } from '../../../shared/api/records.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { http } from '../../lib/http/index.ts';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { useDocumentTitle } from '../../lib/page/document-title.ts';

/** Saves a value as a JSON file in the browser's downloads. */
function saveJson(value: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The user's records (issue 18, decision 018): download everything the account area holds about
 * them as a JSON file, and ask for their data to be erased — honoured where the law allows, refused
 * with the reason (and until when) where retention requires keeping it.
 */
export default function MyDataScreen() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('records.myData.title'));
  const download = useMutation({ mutationFn: () => http.get<UserDataExport>(AccountPagePath.dataExport, undefined, { silent: true }) });
  const erase = useMutation({ mutationFn: () => http.post<ErasureResult>(AccountPagePath.erasureRequest, { confirm: 'ERASE' }, { silent: true }) });
  const [confirming, setConfirming] = useState(false);
  const result = erase.data;
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso)) : '');

  return (
    <section aria-labelledby="my-data-title" className="flex flex-col gap-6">
      <Link href="/personal" className="self-start text-sm text-info underline-offset-2 hover:underline">
        {t('records.myData.back')}
      </Link>
      <h1 id="my-data-title" className="text-2xl font-semibold">
        {t('records.myData.title')}
      </h1>

      <Card title={t('records.myData.downloadTitle')}>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">{t('records.myData.downloadBody')}</p>
          <Button
            variant="primary"
            className="self-start"
            loading={download.isPending}
            onClick={() =>
              download.mutate(undefined, {
                onSuccess: (data) => saveJson(data, `my-data-${data.exportedAt.slice(0, 10)}.json`),
              })
            }
          >
            {t('records.myData.download')}
          </Button>
          {download.isError ? <Alert variant="error" title={t('records.myData.downloadFailed')}>{errorMessage(t, download.error)}</Alert> : null}
        </div>
      </Card>

      <Card title={t('records.myData.eraseTitle')}>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">{t('records.myData.eraseBody')}</p>
          {result ? (
            <Alert variant={result.outcome === 'REFUSED' ? 'warn' : 'success'} title={t(`records.myData.outcome.${result.outcome}`)} data-testid="erasure-result">
              {result.reason ? <p>{t(`records.myData.reason.${result.reason}`, { date: date(result.keepUntil) })}</p> : null}
              {result.outcome !== 'REFUSED' ? (
                <a href={LOGIN_PAGE} className="text-info underline">
                  {t('records.myData.signedOut')}
                </a>
              ) : null}
            </Alert>
          ) : (
            <Button variant="tradeShort" className="self-start" onClick={() => setConfirming(true)}>
              {t('records.myData.erase')}
            </Button>
          )}
          {erase.isError ? <Alert variant="error" title={t('records.myData.eraseFailed')}>{errorMessage(t, erase.error)}</Alert> : null}
        </div>
      </Card>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('records.myData.confirmTitle')}
        description={t('records.myData.confirmBody')}
        footer={
          <>
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('records.myData.cancel')}
            </Button>
            <Button
              variant="tradeShort"
              loading={erase.isPending}
              onClick={() => erase.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              {t('records.myData.confirm')}
            </Button>
          </>
        }
      />
    </section>
  );
}
