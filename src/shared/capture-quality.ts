import { QualityIssue } from './capture-rules.ts';

/**
 * The cheap picture-quality measures of the in-house capture (decision 023), as pure functions over
 * pixel arrays: the browser runs them on camera frames and chosen files before an upload, the server
 * repeats the blur measure on what it stores. Every measure works on a picture scaled to
 * ANALYSIS_WIDTH, so thresholds do not depend on the camera's resolution.
 */

/** Width (px) pictures are scaled to before measuring. */
export const ANALYSIS_WIDTH = 640;

export const QualityThreshold = {
  /** Laplacian variance below which the browser calls a picture blurred. */
  BLUR_MIN_VARIANCE: 60,
  /** The server's own, lower bar: it records, it never refuses (the user may have overridden). */
  SERVER_BLUR_MIN_VARIANCE: 25,
  /** Share of the document's pixels that are blown out (every channel ≥ GLARE_LEVEL). */
  GLARE_MAX_RATIO: 0.03,
  GLARE_LEVEL: 250,
  /** Mean luminance (0–255) below which a picture is too dark. */
  DARK_MAX_MEAN: 55,
  /** The document must fill at least this share of the frame. */
  MIN_AREA_RATIO: 0.25,
  /** An edge within this share of the frame's side from its border means the document runs off it. */
  BORDER_MARGIN: 0.02,
} as const;

/** Luminance (Rec. 601) of RGBA pixels, one byte per pixel. */
export function toGrey(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 4) grey[i] = (rgba[p]! * 299 + rgba[p + 1]! * 587 + rgba[p + 2]! * 114) / 1000;
  return grey;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Variance of the 4-neighbour Laplacian inside `box` (whole picture by default): how sharp edges are. */
export function laplacianVariance(grey: Uint8Array, width: number, height: number, box: Box = { x0: 0, y0: 0, x1: width, y1: height }): number {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  const x0 = Math.max(1, box.x0);
  const y0 = Math.max(1, box.y0);
  const x1 = Math.min(width - 1, box.x1);
  const y1 = Math.min(height - 1, box.y1);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      const v = grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!;
      sum += v;
      sumSq += v * v;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

export function meanLuminance(grey: Uint8Array): number {
  let sum = 0;
  for (const v of grey) sum += v;
  return grey.length ? sum / grey.length : 0;
}

/** Share of RGBA pixels inside `box` whose every channel is at least GLARE_LEVEL (specular reflection). */
export function glareRatio(rgba: Uint8Array | Uint8ClampedArray, width: number, box: Box): number {
  const level = QualityThreshold.GLARE_LEVEL;
  let hot = 0;
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const p = (y * width + x) * 4;
      if (rgba[p]! >= level && rgba[p + 1]! >= level && rgba[p + 2]! >= level) hot++;
      n++;
    }
  }
  return n ? hot / n : 0;
}

/**
 * Where the document probably is: the extent of rows and columns with many strong edges (a card's
 * outline and print against a plainer background). Null when nothing in the picture has edges.
 */
export function documentBox(grey: Uint8Array, width: number, height: number): Box | null {
  const rows = new Uint32Array(height);
  const cols = new Uint32Array(width);
  const STRONG = 40;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const g = Math.abs(grey[i + 1]! - grey[i - 1]!) + Math.abs(grey[i + width]! - grey[i - width]!);
      if (g >= STRONG) {
        rows[y]!++;
        cols[x]!++;
      }
    }
  }
  // A row or column belongs to the document when at least 2 % of its pixels are edges: noise in a
  // plain background stays below that.
  const extent = (counts: Uint32Array, length: number): [number, number] | null => {
    const min = Math.max(2, Math.round(length * 0.02));
    let first = -1;
    let last = -1;
    counts.forEach((c, i) => {
      if (c >= min) {
        if (first < 0) first = i;
        last = i;
      }
    });
    return first < 0 ? null : [first, last + 1];
  };
  const ys = extent(rows, width);
  const xs = extent(cols, height);
  if (!ys || !xs) return null;
  return { x0: xs[0], y0: ys[0], x1: xs[1], y1: ys[1] };
}

/** Area share from which a document counts as filling the frame. */
const FILLS_FRAME = 0.85;

export interface PictureMeasures {
  sharpness: number;
  luminance: number;
  glare: number;
  /** Share of the frame the document fills (1 for selfies, which have no document box). */
  area: number;
  /** Sides of the frame the document touches. */
  touches: number;
}

/** Everything the checks need from one RGBA picture of ANALYSIS_WIDTH or so. */
export function measurePicture(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, document = true): PictureMeasures {
  const grey = toGrey(rgba, width, height);
  const whole: Box = { x0: 0, y0: 0, x1: width, y1: height };
  const box = document ? (documentBox(grey, width, height) ?? whole) : whole;
  const mx = Math.round(width * QualityThreshold.BORDER_MARGIN);
  const my = Math.round(height * QualityThreshold.BORDER_MARGIN);
  const touches = document ? Number(box.x0 <= mx) + Number(box.y0 <= my) + Number(box.x1 >= width - mx) + Number(box.y1 >= height - my) : 0;
  return {
    sharpness: laplacianVariance(grey, width, height, box),
    luminance: meanLuminance(grey),
    glare: glareRatio(rgba, width, box),
    area: ((box.x1 - box.x0) * (box.y1 - box.y0)) / (width * height),
    touches,
  };
}

/**
 * The issues of a picture, worst first (the user is told one thing to fix at a time). A dark picture
 * is also a blurred one to the measure, so darkness is named before blur.
 */
export function qualityIssues(m: PictureMeasures, document = true): QualityIssue[] {
  const issues: QualityIssue[] = [];
  if (m.luminance < QualityThreshold.DARK_MAX_MEAN) issues.push(QualityIssue.TOO_DARK);
  // A document filling (nearly) the whole frame is a scan cropped to the card or a close-up, not a
  // cut-off: only one with desk around it that still runs into a border is cut off.
  if (document && m.touches > 0 && m.area < FILLS_FRAME) issues.push(QualityIssue.CUT_OFF);
  else if (document && m.area < QualityThreshold.MIN_AREA_RATIO) issues.push(QualityIssue.TOO_SMALL);
  // A selfie is mostly smooth skin and background: the whole-frame blur and glare measures say
  // little about it (the face detector judges the face); darkness still applies.
  if (!document) return issues;
  if (m.glare > QualityThreshold.GLARE_MAX_RATIO) issues.push(QualityIssue.GLARE);
  if (m.sharpness < QualityThreshold.BLUR_MIN_VARIANCE) issues.push(QualityIssue.BLURRY);
  return issues;
}
