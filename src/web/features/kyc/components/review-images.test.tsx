import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sdkPathOf } from '../../../../shared/integration-paths.ts';
import { configureRequestContext } from '../../../lib/http/index.ts';
import { installFetch, resetRequestLayer } from '../../../lib/http/testing.ts';
import { ReviewImages } from './review-images.tsx';

/** The review step's thumbnails: the user's own uploads, which SDK mode must read with the access token. */
const DRAFT = { id: 'd-9', kind: 'DOCUMENT_FRONT', level: 1, mime: 'image/jpeg', byteSize: 3, width: 1200, height: 800, createdAt: '2026-01-01T00:00:00.000Z', applicationId: null } as const;
const renderReview = () => render(<ReviewImages kinds={['DOCUMENT_FRONT']} drafts={{ DOCUMENT_FRONT: DRAFT }} label={() => 'Front side'} onRetake={() => undefined} />);

beforeEach(() => {
  resetRequestLayer();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test/front'), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe('review images', () => {
  it('on the web: the plain owner address, no call of their own', () => {
    const calls = installFetch(() => new Response(null, { status: 500 }));
    renderReview();
    expect(screen.getByRole('img')).toHaveAttribute('src', '/x-api/v3/private/kyc/document/d-9');
    expect(calls).toHaveLength(0);
  });

  it('in SDK mode: read with the SDK headers and shown from an object URL, released when the step goes', async () => {
    const calls = installFetch(() => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } }));
    configureRequestContext({ apiPath: sdkPathOf, sdkAuth: () => ({ token: 'sat_1', origin: 'https://acme.example', business: 'acme' }) });
    const { unmount } = renderReview();
    expect(await screen.findByRole('img')).toHaveAttribute('src', 'blob:test/front');
    expect(calls[0]!.url).toBe('/x-api/v1/s1/kyc/integration/document/d-9');
    expect(calls[0]!.headers.get('kyc-access-token')).toBe('sat_1');
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/front');
  });
});
