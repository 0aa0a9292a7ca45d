import { type CxOptions, cx } from 'class-variance-authority';
import { createTailwindMerge, validators } from 'tailwind-merge';

/**
 * §9 "style merge cache 500": tailwind-merge with an LRU cache of 500 class lists (its own default,
 * stated here so it cannot drift).
 */
export const STYLE_MERGE_CACHE_SIZE = 500;

const { isAny, isArbitraryLength, isArbitraryValue, isArbitraryVariable, isArbitraryVariableLength, isFraction, isNumber, isTshirtSize } = validators;

// Decision 033: tailwind-merge's default configuration knows every Tailwind utility (8 KB of the
// personal page). This one knows only the groups where a caller's class overrides a kit class
// (sizes, spacing, display, text size/weight/colour/alignment, background, borders, radius, opacity,
// animation), plus every group sharing a prefix with a colour group (`text-center`, `bg-linear-to-r`,
// `border-t`…), so that none of those is mistaken for a colour. The definitions are the library's
// own (v3 defaults), trimmed to these groups; classes of other groups are kept as they are.
// cn.test.ts holds it to the full configuration: the same result for the kit's known conflicts, and
// no conflict the full configuration does not see between any two classes written in src/web.
const spacing = [isArbitraryVariable, isArbitraryValue, 'px', isNumber];
const margin = ['auto', ...spacing];
const sizing = [isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', ...spacing];
const color = [isAny];
const borderWidth = ['', isNumber, isArbitraryVariableLength, isArbitraryLength];
const sides = ['x', 'y', 's', 'e', 'bs', 'be', 't', 'r', 'b', 'l'] as const;
const perSide = (group: string, prefix: string, values: unknown[]) => Object.fromEntries(sides.map((s) => [`${group}-${s}`, [{ [`${prefix}-${s}`]: values }]]));
const spacingGroups = (p: string, values: unknown[]) => Object.fromEntries([p, ...sides.map((s) => `${p}${s}`)].map((g) => [g, [{ [g]: values }]]));

const twMerge = createTailwindMerge(() => ({
  cacheSize: STYLE_MERGE_CACHE_SIZE,
  theme: {},
  classGroups: {
    display: ['block', 'inline-block', 'inline', 'flex', 'inline-flex', 'table', 'inline-table', 'table-caption', 'table-cell', 'table-column', 'table-column-group', 'table-footer-group', 'table-header-group', 'table-row-group', 'table-row', 'flow-root', 'grid', 'inline-grid', 'contents', 'list-item', 'hidden'],
    ...spacingGroups('p', spacing),
    ...spacingGroups('m', margin),
    gap: [{ gap: spacing }],
    'gap-x': [{ 'gap-x': spacing }],
    'gap-y': [{ 'gap-y': spacing }],
    size: [{ size: sizing }],
    w: [{ w: [isTshirtSize, 'screen', ...sizing] }],
    'min-w': [{ 'min-w': [isTshirtSize, 'screen', 'none', ...sizing] }],
    'max-w': [{ 'max-w': [isTshirtSize, 'screen', 'none', { screen: [isTshirtSize] }, ...sizing] }],
    h: [{ h: ['screen', 'lh', ...sizing] }],
    'min-h': [{ 'min-h': ['screen', 'lh', 'none', ...sizing] }],
    'max-h': [{ 'max-h': ['screen', 'lh', 'none', ...sizing] }],
    // `text-sm` is a size, `text-center` an alignment, `text-ink` a colour: the order matters.
    'font-size': [{ text: ['base', isTshirtSize, isArbitraryVariableLength, isArbitraryLength] }],
    'font-weight': [{ font: ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'] }],
    leading: [{ leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose', ...spacing] }],
    'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
    'text-wrap': [{ text: ['wrap', 'nowrap', 'balance', 'pretty'] }],
    'text-shadow': [{ 'text-shadow': ['none', isTshirtSize, isArbitraryVariable, isArbitraryValue] }],
    'text-color': [{ text: color }],
    'bg-attachment': [{ bg: ['fixed', 'local', 'scroll'] }],
    'bg-clip': [{ 'bg-clip': ['border', 'padding', 'content', 'text'] }],
    'bg-origin': [{ 'bg-origin': ['border', 'padding', 'content'] }],
    'bg-position': [{ bg: ['center', 'top', 'bottom', 'left', 'right', 'top-left', 'left-top', 'top-right', 'right-top', 'bottom-right', 'right-bottom', 'bottom-left', 'left-bottom'] }],
    'bg-repeat': [{ bg: ['no-repeat', { repeat: ['', 'x', 'y', 'space', 'round'] }] }],
    'bg-size': [{ bg: ['auto', 'cover', 'contain'] }],
    'bg-image': [{ bg: ['none', { linear: [{ to: ['t', 'tr', 'r', 'br', 'b', 'bl', 'l', 'tl'] }, isNumber, isArbitraryVariable, isArbitraryValue], radial: ['', isArbitraryVariable, isArbitraryValue], conic: [isNumber, isArbitraryVariable, isArbitraryValue] }] }],
    'bg-color': [{ bg: color }],
    rounded: [{ rounded: ['', 'none', 'full', isTshirtSize, 'btn', isArbitraryVariable, isArbitraryValue] }],
    'border-w': [{ border: borderWidth }],
    ...perSide('border-w', 'border', borderWidth),
    'border-collapse': [{ border: ['collapse', 'separate'] }],
    'border-spacing': [{ 'border-spacing': spacing }],
    'border-style': [{ border: ['solid', 'dashed', 'dotted', 'double', 'hidden', 'none'] }],
    'border-color': [{ border: color }],
    ...perSide('border-color', 'border', color),
    opacity: [{ opacity: [isNumber, isArbitraryVariable, isArbitraryValue] }],
    animate: [{ animate: ['none', 'spin', 'ping', 'pulse', 'bounce', 'ripple', 'popup-in', isArbitraryVariable, isArbitraryValue] }],
  },
  conflictingClassGroups: {
    p: ['px', 'py', 'ps', 'pe', 'pbs', 'pbe', 'pt', 'pr', 'pb', 'pl'],
    px: ['ps', 'pe', 'pr', 'pl'],
    py: ['pbs', 'pbe', 'pt', 'pb'],
    m: ['mx', 'my', 'ms', 'me', 'mbs', 'mbe', 'mt', 'mr', 'mb', 'ml'],
    mx: ['ms', 'me', 'mr', 'ml'],
    my: ['mbs', 'mbe', 'mt', 'mb'],
    gap: ['gap-x', 'gap-y'],
    size: ['w', 'h'],
    'font-size': ['leading'],
    'border-w': sides.map((s) => `border-w-${s}`),
    'border-w-x': ['border-w-s', 'border-w-e', 'border-w-r', 'border-w-l'],
    'border-w-y': ['border-w-bs', 'border-w-be', 'border-w-t', 'border-w-b'],
    'border-color': sides.map((s) => `border-color-${s}`),
    'border-color-x': ['border-color-s', 'border-color-e', 'border-color-r', 'border-color-l'],
    'border-color-y': ['border-color-bs', 'border-color-be', 'border-color-t', 'border-color-b'],
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: ['*', '**', 'after', 'backdrop', 'before', 'details-content', 'file', 'first-letter', 'first-line', 'marker', 'placeholder', 'selection'],
}));

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects; falsy values skipped, via
 * cva's `cx`) and resolves Tailwind conflicts, the later class winning. Every component passes its
 * `className` prop through this, so callers can override any style.
 *
 * @example
 * <div className={cn('px-4 text-sm', isError && 'text-danger', className)} />
 */
export function cn(...inputs: CxOptions): string {
  return twMerge(cx(...inputs));
}
