import type { ESLint } from 'eslint';
import featureBoundaries from './feature-boundaries.ts';
import moduleBoundaries from './module-boundaries.ts';
import noCycle from './no-cycle.ts';

/** The project's own lint rules: the arrows of ARCHITECTURE §2 and §7 (decision 011). */
const arrows: ESLint.Plugin = {
  meta: { name: 'arrows' },
  rules: {
    'no-cycle': noCycle,
    'feature-boundaries': featureBoundaries,
    'module-boundaries': moduleBoundaries,
  },
};

export default arrows;
