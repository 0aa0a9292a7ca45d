import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QualityIssue } from '../../../../shared/capture-rules.ts';
import { DocumentKind } from '../../../../shared/kyc.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { CaptureKitContext } from '../../../lib/capture/capture-kit.ts';
import { resetRequestLayer } from '../../../lib/http/testing.ts';
import { renderKyc } from '../test-utils.tsx';
import { DocumentSlot, useUploadSlot } from './upload-slot.tsx';

/**
 * The upload tile shows the server's refusal of a picture on that tile, translated. The upload goes
 * through XMLHttpRequest (for its progress): a stand-in answers with the server's envelope.
 */
class FakeXhr {
  static reply: { status: number; body: unknown } = { status: 200, body: {} };
  static sent: FormData[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push(body);
    queueMicrotask(() => {
      this.status = FakeXhr.reply.status;
      this.statusText = 'OK';
      this.responseText = JSON.stringify(FakeXhr.reply.body);
      this.onload?.();
    });
  }
}

function BackSide() {
  const slot = useUploadSlot(1, DocumentKind.DOCUMENT_BACK, undefined);
  return <DocumentSlot slot={slot} label="Back side" maxBytes={10 * 1024 * 1024} />;
}

describe('DocumentSlot: a refused upload', () => {
  beforeEach(() => {
    resetRequestLayer();
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test/back'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the same picture as the other side: the translated message on this tile, nothing shown as uploaded', async () => {
    FakeXhr.reply = { status: 200, body: { ret_code: RetCode.DOCUMENT_SAME_PICTURE, ret_msg: 'same picture as the other side', result: { otherKind: 'DOCUMENT_FRONT' }, ret_ext_info: {}, time_now: '0' } };
    renderKyc(<BackSide />);
    const tile = screen.getByTestId('slot-DOCUMENT_BACK');
    await userEvent.upload(within(tile).getByLabelText(/Back side/), new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'front-again.jpg', { type: 'image/jpeg' }));

    expect(await within(tile).findByRole('alert')).toHaveTextContent('This is the same picture as the other side of your document. Turn the document over and take a photo of this side.');
    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0]!.get('kind')).toBe('DOCUMENT_BACK');
    expect(within(tile).queryByText('Uploaded', { exact: true })).not.toBeInTheDocument();
  });

  it('the refused picture stays on the tile with the reason (never as uploaded), and its error leaves when the next picture gets its own warning', async () => {
    FakeXhr.reply = { status: 200, body: { ret_code: RetCode.DOCUMENT_IMAGE_TOO_SMALL, ret_msg: 'image too small', result: { minSide: 300 }, ret_ext_info: {}, time_now: '0' } };
    // The browser's checks (the capture kit): the second picture is blurred.
    const checkPicture = vi.fn(async (file: Blob): Promise<QualityIssue[]> => ((file as File).name === 'blurred.jpg' ? [QualityIssue.BLURRY] : []));
    renderKyc(
      <CaptureKitContext value={{ checkPicture }}>
        <BackSide />
      </CaptureKitContext>,
    );
    const tile = screen.getByTestId('slot-DOCUMENT_BACK');
    await userEvent.upload(within(tile).getByLabelText(/Back side/), new File([new Uint8Array([0xff, 0xd8, 0xff])], 'tiny.jpg', { type: 'image/jpeg' }));
    expect(await within(tile).findByText(/too small/)).toBeInTheDocument();
    // The picture it is about is shown, named, and not called uploaded.
    expect(within(tile).getByText('tiny.jpg', { exact: false })).toBeInTheDocument();
    expect(within(tile).getByRole('img', { name: /tiny\.jpg/ })).toBeInTheDocument();
    expect(within(tile).queryByText('Uploaded', { exact: true })).not.toBeInTheDocument();

    // With a picture on the tile, "Retake" opens the same (now hidden) input.
    await userEvent.upload(tile.querySelector<HTMLInputElement>('input[type=file]')!, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'blurred.jpg', { type: 'image/jpeg' }));
    expect(await within(tile).findByTestId('quality-notice')).toBeInTheDocument();
    // One problem on screen: this picture's; the earlier "too small" is gone with its picture.
    expect(within(tile).queryByText(/too small/)).not.toBeInTheDocument();
    expect(within(tile).queryByText('tiny.jpg', { exact: false })).not.toBeInTheDocument();
    expect(within(tile).getByRole('img', { name: 'The picture that was not sent' })).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(1);
  });
});

function ProofOfAddress() {
  const slot = useUploadSlot(2, DocumentKind.PROOF_OF_ADDRESS, undefined);
  return <DocumentSlot slot={slot} label="Bank statement" maxBytes={10 * 1024 * 1024} acceptPdf />;
}

function Selfie() {
  const slot = useUploadSlot(1, DocumentKind.SELFIE, undefined);
  return <DocumentSlot slot={slot} label="Selfie" maxBytes={10 * 1024 * 1024} capture="user" />;
}

describe('DocumentSlot: what the file picker offers', () => {
  beforeEach(() => {
    resetRequestLayer();
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a proof of address takes a PDF (sent to the server as it is) and its "Choose a file" offers the gallery and files, not only the camera', async () => {
    FakeXhr.reply = { status: 200, body: { ret_code: RetCode.DOCUMENT_PDF_ENCRYPTED, ret_msg: 'pdf is encrypted', result: {}, ret_ext_info: {}, time_now: '0' } };
    renderKyc(<ProofOfAddress />);
    const tile = screen.getByTestId('slot-PROOF_OF_ADDRESS');
    const input = within(tile).getByLabelText(/Bank statement/);
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,application/pdf,.pdf');
    expect(input).not.toHaveAttribute('capture');
    expect(within(tile).getByText(/or a PDF/)).toBeInTheDocument();

    await userEvent.upload(input, new File([new TextEncoder().encode('%PDF-1.7\n')], 'statement.pdf', { type: 'application/pdf' }));
    expect(await within(tile).findByRole('alert')).toHaveTextContent('This PDF is protected with a password or encryption.');
    expect(FakeXhr.sent).toHaveLength(1);
    expect((FakeXhr.sent[0]!.get('file') as File).name).toBe('statement.pdf');
  });

  it('a side of a document has no capture attribute either; a PDF is not offered for it', () => {
    renderKyc(<BackSide />);
    const input = within(screen.getByTestId('slot-DOCUMENT_BACK')).getByLabelText(/Back side/);
    expect(input).not.toHaveAttribute('capture');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  });

  it('a selfie still opens the front camera', () => {
    renderKyc(<Selfie />);
    expect(within(screen.getByTestId('slot-SELFIE')).getByLabelText(/Selfie/)).toHaveAttribute('capture', 'user');
  });
});
