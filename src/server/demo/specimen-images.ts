import sharp from 'sharp';
import { DocumentKind, DocumentType } from '../../shared/kyc.ts';

/**
 * Synthetic document and selfie pictures for demo users (and tests), drawn as SVG and rendered to
 * JPEG by sharp. Every picture is plainly marked SPECIMEN: none shows a real person or document.
 */
export interface SpecimenPerson {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  nationality: string;
  addressLines: string[];
}

export interface SpecimenRequest {
  kind: DocumentKind;
  /** Which identity document the front/back belong to (ignored for selfies and proofs of address). */
  documentType?: DocumentType;
  person: SpecimenPerson;
  /** Date printed on a proof of address (YYYY-MM-DD). */
  issuedOn?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const FONT = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"';

function watermark(w: number, h: number): string {
  return `<text x="${w / 2}" y="${h / 2}" ${FONT} font-size="${Math.round(w / 7)}" font-weight="700" fill="#d00000" fill-opacity="0.28" text-anchor="middle" dominant-baseline="middle" transform="rotate(-24 ${w / 2} ${h / 2})">SPECIMEN</text>`;
}

function face(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#e8c4a0" stroke="#6b4f3a" stroke-width="3"/>
    <circle cx="${cx - r * 0.35}" cy="${cy - r * 0.15}" r="${r * 0.09}" fill="#2b2b2b"/>
    <circle cx="${cx + r * 0.35}" cy="${cy - r * 0.15}" r="${r * 0.09}" fill="#2b2b2b"/>
    <path d="M ${cx - r * 0.35} ${cy + r * 0.35} Q ${cx} ${cy + r * 0.6} ${cx + r * 0.35} ${cy + r * 0.35}" stroke="#6b2f2f" stroke-width="4" fill="none"/>
    <path d="M ${cx - r * 1.6} ${cy + r * 2.6} Q ${cx} ${cy + r * 0.9} ${cx + r * 1.6} ${cy + r * 2.6} Z" fill="#4a6fa5"/>`;
}

const TITLES: Partial<Record<DocumentType, string>> = {
  ID_CARD: 'IDENTITY CARD',
  PASSPORT: 'PASSPORT',
  DRIVERS_LICENSE: "DRIVER'S LICENCE",
  RESIDENCE_PERMIT: 'RESIDENCE PERMIT',
};

function mrz(p: SpecimenPerson): string[] {
  const pad = (s: string, n: number) => (s.toUpperCase().replace(/[^A-Z0-9]/g, '<') + '<'.repeat(n)).slice(0, n);
  return [pad(`IDX${p.nationality}${p.lastName}<<${p.firstName}`, 30), pad(`${p.dateOfBirth.replace(/-/g, '').slice(2)}0M3001015${p.nationality}`, 30), pad('SPECIMEN<<NOT<<VALID', 30)];
}

function svgFor(req: SpecimenRequest): { svg: string; width: number; height: number } {
  const p = req.person;
  const name = `${p.firstName} ${p.lastName}`;
  if (req.kind === DocumentKind.SELFIE) {
    const w = 720;
    const h = 960;
    return {
      width: w,
      height: h,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#dfe7ef"/>${face(w / 2, h * 0.42, 150)}
        <text x="${w / 2}" y="${h - 60}" ${FONT} font-size="32" fill="#333" text-anchor="middle">${esc(name)} · selfie</text>${watermark(w, h)}</svg>`,
    };
  }
  if (req.kind === DocumentKind.PROOF_OF_ADDRESS) {
    const w = 850;
    const h = 1100;
    const lines = [name, ...p.addressLines].map((l, i) => `<text x="70" y="${260 + i * 40}" ${FONT} font-size="28" fill="#222">${esc(l)}</text>`).join('');
    return {
      width: w,
      height: h,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#ffffff"/>
        <rect x="0" y="0" width="${w}" height="140" fill="#1f6f8b"/>
        <text x="70" y="90" ${FONT} font-size="44" font-weight="700" fill="#fff">Example Utilities · Statement</text>
        <text x="70" y="210" ${FONT} font-size="24" fill="#555">Issued ${esc(req.issuedOn ?? '')}</text>${lines}
        <line x1="70" y1="600" x2="${w - 70}" y2="600" stroke="#999" stroke-width="2"/>
        <text x="70" y="660" ${FONT} font-size="26" fill="#222">Electricity, 1 month</text><text x="${w - 70}" y="660" ${FONT} font-size="26" fill="#222" text-anchor="end">42.00</text>
        ${watermark(w, h)}</svg>`,
    };
  }
  const type = req.documentType ?? DocumentType.ID_CARD;
  const title = `${TITLES[type] ?? 'DOCUMENT'} · SPECIMEN`;
  const w = type === DocumentType.PASSPORT ? 1250 : 1012;
  const h = type === DocumentType.PASSPORT ? 880 : 638;
  if (req.kind === DocumentKind.DOCUMENT_BACK) {
    const rows = mrz(p).map((l, i) => `<text x="60" y="${h - 170 + i * 52}" font-family="DejaVu Sans Mono, monospace" font-size="40" fill="#111">${esc(l)}</text>`).join('');
    return {
      width: w,
      height: h,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" rx="36" fill="#e4eef6"/>
        <text x="60" y="90" ${FONT} font-size="36" font-weight="700" fill="#24476b">${esc(title)} (back)</text>
        <text x="60" y="160" ${FONT} font-size="28" fill="#333">Address: ${esc(p.addressLines.join(', '))}</text>${rows}${watermark(w, h)}</svg>`,
    };
  }
  const fields = [
    ['Surname', p.lastName],
    ['Given names', p.firstName],
    ['Date of birth', p.dateOfBirth],
    ['Nationality', p.nationality],
    ['Document no.', 'SPEC0000001'],
  ]
    .map(([k, v], i) => `<text x="${w * 0.38}" y="${190 + i * 78}" ${FONT} font-size="22" fill="#557">${esc(k!)}</text><text x="${w * 0.38}" y="${222 + i * 78}" ${FONT} font-size="32" fill="#111">${esc(v!)}</text>`)
    .join('');
  return {
    width: w,
    height: h,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" rx="36" fill="#e9f1e4"/>
      <text x="60" y="100" ${FONT} font-size="44" font-weight="700" fill="#2f5d34">${esc(title)}</text>
      <rect x="60" y="150" width="${w * 0.28}" height="${h - 220}" fill="#cfd8cf" stroke="#7a8a7a" stroke-width="3"/>${face(60 + w * 0.14, 150 + (h - 220) * 0.38, w * 0.07)}
      ${fields}${watermark(w, h)}</svg>`,
  };
}

/** A JPEG of the requested specimen picture. */
/**
 * Rendered pictures by their SVG: the same request draws the same bytes, and a demo seeding renders
 * the same few dozen pictures again on every restart (and every test that seeds: rendering is most
 * of a seeding's time). At most RENDERED_KEPT pictures (tens of KB each), the oldest dropped first.
 */
const rendered = new Map<string, Promise<Buffer>>();
const RENDERED_KEPT = 256;

export async function renderSpecimen(req: SpecimenRequest): Promise<Buffer> {
  const { svg } = svgFor(req);
  let picture = rendered.get(svg);
  if (!picture) {
    picture = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer();
    rendered.set(svg, picture);
    if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
    // A failed render is not kept: the next call tries again.
    picture.catch(() => rendered.delete(svg));
  }
  return Buffer.from(await picture);
}
