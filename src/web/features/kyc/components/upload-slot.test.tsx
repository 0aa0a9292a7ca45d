import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentKind } from '../../../../shared/kyc.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
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
});
