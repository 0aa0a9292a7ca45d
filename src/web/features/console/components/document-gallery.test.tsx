import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConsoleDocument } from '../../../../shared/api/console.ts';
import { renderConsole } from '../test-utils.tsx';
import { DocumentGallery } from './document-gallery.tsx';

/** Decision 048: pictures of the user that look the same are flagged on each of them, saying which. */
const doc = (id: string, kind: ConsoleDocument['kind'], samePictureAs: ConsoleDocument['samePictureAs'] = []): ConsoleDocument => ({
  id, kind, mime: 'image/jpeg', byteSize: 1000, width: 600, height: 400, createdAt: '2025-03-01T08:59:00.000Z', downloadPath: `/x-api/v1/console/document/${id}`, quality: null, samePictureAs,
});

describe('document gallery: the same picture twice', () => {
  it('flags each look-alike with the pictures it matches, in this application or sent earlier; the others carry no flag', () => {
    renderConsole(
      <DocumentGallery
        email="ada@example.com"
        documents={[
          doc('f-1', 'DOCUMENT_FRONT', [
            { documentId: 'b-1', kind: 'DOCUMENT_BACK', sameApplication: true, createdAt: '2025-03-01T09:00:00.000Z' },
            { documentId: 'e-1', kind: 'QUESTIONNAIRE_EVIDENCE', sameApplication: false, createdAt: '2025-01-15T10:30:00.000Z' },
          ]),
          doc('b-1', 'DOCUMENT_BACK', [{ documentId: 'f-1', kind: 'DOCUMENT_FRONT', sameApplication: true, createdAt: '2025-03-01T08:59:00.000Z' }]),
          doc('s-1', 'SELFIE'),
        ]}
      />,
    );
    const flags = screen.getAllByTestId('same-picture');
    expect(flags).toHaveLength(2);
    expect(flags[0]).toHaveTextContent(/^Same picture as: Back of the document of this application; Questionnaire evidence sent on .*2025/);
    expect(flags[1]).toHaveTextContent('Same picture as: Front of the document of this application');
    const selfie = screen.getAllByRole('listitem')[2]!;
    expect(within(selfie).queryByTestId('same-picture')).not.toBeInTheDocument();
  });
});

describe('document gallery: a PDF proof of address (decision 053)', () => {
  it('shows the first page the server drew, says it is a PDF, and offers the original as a download only', () => {
    const pdf: ConsoleDocument = { ...doc('p-1', 'PROOF_OF_ADDRESS'), mime: 'application/pdf', originalPath: '/x-api/v1/console/document/p-1?original=1' };
    renderConsole(<DocumentGallery email="ada@example.com" documents={[pdf, doc('s-1', 'SELFIE')]} />);
    const [statement, selfie] = screen.getAllByRole('listitem');
    expect(within(statement!).getByTestId('document-image')).toHaveAttribute('src', '/x-api/v1/console/document/p-1');
    expect(within(statement!).getByText('PDF: its first page is shown.')).toBeInTheDocument();
    const original = within(statement!).getByRole('link', { name: 'Download the original PDF' });
    expect(original).toHaveAttribute('href', '/x-api/v1/console/document/p-1?original=1');
    expect(original).toHaveAttribute('download');
    expect(within(selfie!).queryByTestId('document-original')).not.toBeInTheDocument();
  });
});
