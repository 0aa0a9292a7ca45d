import { useEffect, useState } from 'react';

/** The QR code of a link as an SVG data URL; the library loads with the first code drawn, never with a page. */
export async function qrDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The QR code of `url` once drawn (null before, or without a url); a newer url replaces an older one's answer. */
export function useQrDataUrl(url: string | null): string | null {
  const [qr, setQr] = useState<{ url: string; src: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    void qrDataUrl(url).then(
      (src) => live && setQr({ url, src }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url]);
  return qr && qr.url === url ? qr.src : null;
}
