import { describe, expect, it } from 'vitest';
import { QualityIssue } from './capture-rules.ts';
import { documentBox, laplacianVariance, measurePicture, qualityIssues, toGrey } from './capture-quality.ts';

/**
 * The quality checks on pictures this test paints: a light ID card with lines of print on a plain
 * darker desk, then blurred, glared, darkened, pushed off the frame or shrunk.
 */
const W = 640;
const H = 480;

interface Scene {
  card?: { x: number; y: number; w: number; h: number };
  blur?: number;
  glare?: boolean;
  dim?: number;
}

function paint({ card = { x: 80, y: 60, w: 480, h: 330 }, blur = 0, glare = false, dim = 1 }: Scene = {}): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      // A plain desk with a gentle gradient (no edges of its own).
      let v = 70 + Math.round((x / W) * 20);
      const inCard = x >= card.x && x < card.x + card.w && y >= card.y && y < card.y + card.h;
      if (inCard) {
        const cx = x - card.x;
        const cy = y - card.y;
        v = 225;
        // Lines of "print": short dark dashes on every 24th band.
        if (cy % 24 >= 8 && cy % 24 < 14 && cx > 20 && cx < card.w - 20 && cx % 16 < 11) v = 30;
        // A portrait block.
        if (cx > 20 && cx < 130 && cy > 40 && cy < 200) v = 110;
        if (glare && (cx - card.w * 0.6) ** 2 + (cy - card.h * 0.4) ** 2 < (card.h * 0.22) ** 2) v = 255;
      }
      const p = (y * W + x) * 4;
      rgba[p] = v * dim;
      rgba[p + 1] = v * dim;
      rgba[p + 2] = v * dim;
      rgba[p + 3] = 255;
    }
  }
  for (let pass = 0; pass < blur; pass++) boxBlur(rgba, 3);
  return rgba;
}

/** A box blur of radius r on every channel (a defocused lens, roughly). */
function boxBlur(rgba: Uint8ClampedArray, r: number) {
  const src = rgba.slice();
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let dy = -r; dy <= r; dy++) {
          for (let dx = -r; dx <= r; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= W || yy >= H) continue;
            sum += src[(yy * W + xx) * 4 + c]!;
            n++;
          }
        }
        rgba[(y * W + x) * 4 + c] = sum / n;
      }
    }
  }
}

const issuesOf = (scene: Scene) => qualityIssues(measurePicture(paint(scene), W, H));

describe('picture quality checks', () => {
  it('passes a sharp, well-lit card inside the frame', () => {
    expect(issuesOf({})).toEqual([]);
  });

  it('finds the card where it was painted', () => {
    const box = documentBox(toGrey(paint(), W, H), W, H)!;
    expect(box.x0).toBeGreaterThanOrEqual(78);
    expect(box.x0).toBeLessThanOrEqual(102);
    expect(box.x1).toBeGreaterThanOrEqual(540);
    expect(box.x1).toBeLessThanOrEqual(562);
    expect(box.y0).toBeGreaterThanOrEqual(58);
    expect(box.y1).toBeLessThanOrEqual(392);
  });

  it('calls a defocused card blurred, and only that', () => {
    expect(issuesOf({ blur: 2 })).toEqual([QualityIssue.BLURRY]);
  });

  it('sees glare on the card', () => {
    expect(issuesOf({ glare: true })).toEqual([QualityIssue.GLARE]);
  });

  it('calls a dim picture too dark', () => {
    expect(issuesOf({ dim: 0.25 })).toContain(QualityIssue.TOO_DARK);
  });

  it('calls a card that runs off the frame cut off', () => {
    expect(issuesOf({ card: { x: 300, y: 60, w: 480, h: 330 } })).toEqual([QualityIssue.CUT_OFF]);
  });

  it('calls a far-away card too small', () => {
    expect(issuesOf({ card: { x: 250, y: 180, w: 160, h: 110 } })).toEqual([QualityIssue.TOO_SMALL]);
  });

  it('accepts a scan cropped to the card (it touches every side)', () => {
    expect(issuesOf({ card: { x: 0, y: 0, w: W, h: H } })).toEqual([]);
  });

  it('measures blur as a number that falls with defocus', () => {
    const grey = (scene: Scene) => toGrey(paint(scene), W, H);
    const sharp = laplacianVariance(grey({}), W, H);
    const soft = laplacianVariance(grey({ blur: 1 }), W, H);
    const softer = laplacianVariance(grey({ blur: 3 }), W, H);
    expect(sharp).toBeGreaterThan(soft);
    expect(soft).toBeGreaterThan(softer);
  });

  it('a selfie has no document box: no cut-off or size verdicts; only darkness counts', () => {
    const m = measurePicture(paint({ card: { x: 300, y: 60, w: 480, h: 330 } }), W, H, false);
    expect(qualityIssues(m, false)).toEqual([]);
    expect(qualityIssues(measurePicture(paint({ blur: 2 }), W, H, false), false)).toEqual([]);
    expect(qualityIssues(measurePicture(paint({ dim: 0.25 }), W, H, false), false)).toEqual([QualityIssue.TOO_DARK]);
  });
});
