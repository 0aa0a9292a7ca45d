import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleDocument } from '../../../../shared/api/console.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatDateTime } from '../format.ts';
import { DocumentQualityNote } from './document-quality.tsx';

/** The kind of a questionnaire's or an RFI's picture (the documents module's EVIDENCE_KIND). */
const EVIDENCE_KIND = 'QUESTIONNAIRE_EVIDENCE';

/**
 * The application's images, served by the reviewer read route (decision 006: the session cookie
 * authorises a plain `<img>`; every read is audited as document.view). A click or Enter enlarges
 * an image in a dialog. Alt texts name what the image is and whose it is.
 */
export function DocumentGallery({ documents, email }: { documents: readonly ConsoleDocument[]; email: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<ConsoleDocument | null>(null);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  if (documents.length === 0) return <p className="text-sm text-muted">{t('console.documents.none')}</p>;

  const kindLabel = (doc: { kind: string }) => (doc.kind === EVIDENCE_KIND ? t('console.documents.evidence') : t(`console.documentKinds.${doc.kind}`, { defaultValue: doc.kind }));
  /** Decision 048: the user's other pictures that look the same as this one, said where they are. */
  const samePictures = (doc: ConsoleDocument) =>
    (doc.samePictureAs ?? [])
      .map((m) => (m.sameApplication ? t('console.documents.samePictureHere', { kind: kindLabel(m) }) : t('console.documents.samePictureElsewhere', { kind: kindLabel(m), date: formatDateTime(m.createdAt, i18n.language) })))
      .join('; ');
  const alt = (doc: ConsoleDocument) => t('console.documents.alt', { kind: kindLabel(doc), email });
  const markFailed = (id: string) => setFailed((prev) => new Set(prev).add(id));

  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {documents.map((doc) => (
          <li key={doc.id}>
            <figure className="m-0 flex flex-col gap-2">
              {failed.has(doc.id) ? (
                <div role="img" aria-label={alt(doc)} className="flex aspect-[4/3] items-center justify-center rounded-lg border border-dashed border-line-strong bg-surface p-4 text-center text-sm text-danger">
                  {t('console.documents.loadFailed')}
                </div>
              ) : (
                <button
                  type="button"
                  onClick={() => setOpen(doc)}
                  aria-label={t('console.documents.enlarge', { kind: kindLabel(doc) })}
                  className="group block overflow-hidden rounded-lg border border-line bg-surface outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <img
                    src={doc.downloadPath}
                    alt={alt(doc)}
                    width={doc.width}
                    height={doc.height}
                    loading="lazy"
                    decoding="async"
                    data-testid="document-image"
                    onError={() => markFailed(doc.id)}
                    className="aspect-[4/3] h-auto w-full object-contain transition-transform motion-safe:group-hover:scale-[1.02]"
                  />
                </button>
              )}
              <figcaption className="text-sm">
                <span className="font-medium text-ink">{kindLabel(doc)}</span>
                <span className="block text-muted">
                  <bdi>{t('console.documents.size', { width: doc.width, height: doc.height })}</bdi> ·{' '}
                  <time dateTime={doc.createdAt}>
                    <bdi>{formatDateTime(doc.createdAt, i18n.language)}</bdi>
                  </time>
                </span>
                {doc.samePictureAs?.length ? (
                  <span data-testid="same-picture" className="mt-1 block rounded-md border border-danger px-2 py-1 font-medium text-danger">
                    {t('console.documents.samePicture', { pictures: samePictures(doc) })}
                  </span>
                ) : null}
                {doc.originalPath ? (
                  // Decision 053: the picture is the first page, drawn on the server; the file itself is only
                  // ever saved (the server sends it as an attachment, sandboxed), never opened in the console.
                  <span className="mt-1 block text-muted">
                    {t('console.documents.pdfNote')}{' '}
                    <a href={doc.originalPath} download className="font-medium text-primary-ink underline underline-offset-2" data-testid="document-original">
                      {t('console.documents.pdfDownload')}
                    </a>
                  </span>
                ) : null}
                <DocumentQualityNote quality={doc.quality} />
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onClose={() => setOpen(null)} size="lg" title={open ? kindLabel(open) : ''}>
        {open ? (
          <img
            src={open.downloadPath}
            alt={alt(open)}
            width={open.width}
            height={open.height}
            data-testid="document-image-large"
            className="mx-auto h-auto max-h-[70dvh] w-auto max-w-full object-contain"
          />
        ) : null}
      </Dialog>
    </>
  );
}
