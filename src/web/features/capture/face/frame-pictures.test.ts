import { describe, expect, it } from 'vitest';
import { DocumentImageRule } from '../../../../shared/api/documents.ts';
import { keptSize } from './frame-pictures.ts';

describe('the size of a kept liveness frame', () => {
  it.each([
    [640, 480, { width: 480, height: 360 }],
    [1920, 1080, { width: 569, height: 320 }],
    [1080, 1920, { width: 480, height: 853 }],
    [1280, 720, { width: 569, height: 320 }],
    [320, 240, { width: 480, height: 360 }],
  ])('%i × %i → %o: a short side the server accepts (a 16:9 camera\'s frame 480 wide would not be)', (w, h, size) => {
    expect(keptSize(w, h)).toEqual(size);
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(DocumentImageRule.MIN_SHORT_SIDE);
  });
});
