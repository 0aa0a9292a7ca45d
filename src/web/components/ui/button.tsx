import { cva, type VariantProps } from 'class-variance-authority';
import { type ComponentProps, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from './cn.ts';
import { ProcessIcon } from './icons.tsx';

/** §9 button variants; `secondary` is the default. */
export const ButtonVariant = {
  default: 'default',
  primary: 'primary',
  secondary: 'secondary',
  secondaryBrand: 'secondaryBrand',
  tradeLong: 'tradeLong',
  tradeShort: 'tradeShort',
  tradeSecondary: 'tradeSecondary',
  marketing: 'marketing',
} as const;
export type ButtonVariant = (typeof ButtonVariant)[keyof typeof ButtonVariant];

/** §9 button sizes; `middle` is the default. Heights: 24, 28, 32, 40, 48, 56 px. */
export const ButtonSize = {
  'xx-small': 'xx-small',
  'x-small': 'x-small',
  small: 'small',
  middle: 'middle',
  large: 'large',
  'x-large': 'x-large',
} as const;
export type ButtonSize = (typeof ButtonSize)[keyof typeof ButtonSize];

/** §9: the click ripple lasts up to 500 ms. */
export const RIPPLE_DURATION = 500;

const TRADE_VARIANTS: ReadonlySet<ButtonVariant> = new Set(['tradeLong', 'tradeShort', 'tradeSecondary']);

/**
 * §9: "subtitle (only small trade variants)": a second line under the label, rendered only for
 * tradeLong / tradeShort / tradeSecondary at size `small`; any other combination ignores it.
 */
export function showsSubtitle(variant: ButtonVariant, size: ButtonSize): boolean {
  return size === 'small' && TRADE_VARIANTS.has(variant);
}

/** §9: the ripple is green for tradeLong, red for tradeShort, the brand colour otherwise. */
export type RippleTone = 'long' | 'short' | 'brand';
export function rippleTone(variant: ButtonVariant): RippleTone {
  return variant === 'tradeLong' ? 'long' : variant === 'tradeShort' ? 'short' : 'brand';
}
const RIPPLE_COLOUR: Record<RippleTone, string> = { long: 'bg-long', short: 'bg-short', brand: 'bg-primary' };
// On a fill of the same colour a plain ripple would be invisible: lighten it (screen blend) there.
const FILLED: ReadonlySet<ButtonVariant> = new Set(['primary', 'tradeLong', 'tradeShort', 'marketing']);

/**
 * The button's classes (class-variance-authority). Exported so a non-button element that must
 * look like one (rare) can share them: `<label className={buttonVariants({ variant: 'primary' })}>`.
 */
export const buttonVariants = cva(
  [
    'kit:relative kit:isolate kit:inline-flex kit:shrink-0 kit:select-none kit:items-center kit:justify-center kit:gap-2 kit:overflow-hidden kit:whitespace-nowrap',
    'kit:rounded-btn kit:font-medium kit:no-underline kit:transition-colors kit:focus-visible:focus-ring',
    'kit:disabled:cursor-not-allowed kit:disabled:opacity-50 kit:aria-disabled:cursor-not-allowed',
    'kit:data-[disabled=true]:pointer-events-none kit:data-[disabled=true]:opacity-50',
    'kit:data-[loading=true]:pointer-events-none kit:data-[loading=true]:cursor-progress',
  ],
  {
    variants: {
      variant: {
        default: 'kitv:border kitv:border-line-strong kitv:bg-white kitv:text-ink kitv:hover:bg-surface',
        primary: 'kitv:bg-primary kitv:text-primary-fg kitv:hover:bg-primary-hover',
        secondary: 'kitv:bg-surface kitv:text-ink kitv:hover:bg-line',
        secondaryBrand: 'kitv:bg-primary-soft kitv:text-primary-ink kitv:hover:bg-primary/20',
        tradeLong: 'kitv:bg-long kitv:text-white kitv:hover:bg-long-hover',
        tradeShort: 'kitv:bg-short kitv:text-white kitv:hover:bg-short-hover',
        tradeSecondary: 'kitv:border kitv:border-line-strong kitv:bg-surface kitv:text-ink kitv:hover:bg-line',
        marketing: 'kitv:bg-linear-to-r kitv:from-primary kitv:to-[#ffc94d] kitv:font-semibold kitv:text-primary-fg kitv:hover:brightness-95',
      },
      size: {
        'xx-small': 'kitv:h-6 kitv:px-2 kitv:text-xs',
        'x-small': 'kitv:h-7 kitv:px-2.5 kitv:text-xs',
        small: 'kitv:h-8 kitv:px-3 kitv:text-sm',
        middle: 'kitv:h-10 kitv:px-4 kitv:text-sm',
        large: 'kitv:h-12 kitv:px-5 kitv:text-base',
        'x-large': 'kitv:h-14 kitv:px-6 kitv:text-lg',
      },
      block: { true: 'kitv:flex kitv:w-full', false: '' },
    },
    defaultVariants: { variant: 'secondary', size: 'middle', block: false },
  },
);

interface ButtonOwnProps extends Omit<VariantProps<typeof buttonVariants>, 'block'> {
  /** Shows a spinner, sets aria-busy and ignores clicks and pointer input until false again (§9). */
  loading?: boolean;
  /** Full width (§9 "block"). */
  block?: boolean;
  /** Second line under the label; only rendered for small trade variants (§9). */
  subtitle?: ReactNode;
}

/** A `<button>`. `type` defaults to "button" (never submits a form by accident); pass "submit" for forms. */
export type ButtonProps = ButtonOwnProps & ComponentProps<'button'> & { href?: undefined };
/** With `href` the button renders as a link (`<a>`) with the same look; `disabled` removes the href. */
export type ButtonLinkProps = ButtonOwnProps & ComponentProps<'a'> & { href: string; disabled?: boolean };

interface Ripple {
  id: number;
  x: number;
  y: number;
  size: number;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The §9 button: variants, sizes, loading, block, subtitle and the click ripple.
 *
 * @example
 * <Button variant="primary" size="large" block loading={mutation.isPending} type="submit">
 *   {t('kyc.submit')}
 * </Button>
 * <Button variant="tradeLong" size="small" subtitle="≈ 1,204.50 USD">Buy</Button>
 * <Button variant="default" href="/user/accounts/auth/personal">{t('common.back')}</Button>
 */
export function Button(props: ButtonProps | ButtonLinkProps) {
  const { variant: variantProp, size: sizeProp, block, loading = false, subtitle, className, children, onClick, ...rest } = props;
  const variant: ButtonVariant = variantProp ?? 'secondary';
  const size: ButtonSize = sizeProp ?? 'middle';
  const [ripples, setRipples] = useState<Ripple[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const addRipple = (event: MouseEvent<HTMLElement>) => {
    if (prefersReducedMotion()) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const rippleSize = Math.max(rect.width, rect.height) * 2;
    // A keyboard "click" has no pointer position (detail 0): ripple from the centre.
    const fromPointer = event.detail > 0;
    const x = (fromPointer ? event.clientX - rect.left : rect.width / 2) - rippleSize / 2;
    const y = (fromPointer ? event.clientY - rect.top : rect.height / 2) - rippleSize / 2;
    const id = Date.now() + Math.random();
    setRipples((list) => [...list, { id, x, y, size: rippleSize }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setRipples((list) => list.filter((r) => r.id !== id));
    }, RIPPLE_DURATION);
    timers.current.add(timer);
  };

  const disabled = 'disabled' in rest ? Boolean(rest.disabled) : false;
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    // aria-disabled/pointer-events do not stop keyboard activation or a submit: stop it here.
    if (loading || disabled) {
      event.preventDefault();
      return;
    }
    addRipple(event);
    (onClick as ((e: MouseEvent<HTMLElement>) => void) | undefined)?.(event);
  };

  const withSubtitle = subtitle !== undefined && subtitle !== null && showsSubtitle(variant, size);
  // The subtitle's height is not a layer's: it overrides the size variant, as a caller's class would.
  const classes = cn(buttonVariants({ variant, size, block }), withSubtitle && 'h-auto min-h-10 py-1', className);
  const tone = rippleTone(variant);
  const content = (
    <>
      {ripples.map((r) => (
        <span
          key={r.id}
          aria-hidden
          data-ripple={tone}
          className={cn('pointer-events-none absolute -z-10 animate-ripple rounded-full', RIPPLE_COLOUR[tone], FILLED.has(variant) && 'mix-blend-screen')}
          style={{ left: r.x, top: r.y, width: r.size, height: r.size }}
        />
      ))}
      {loading ? <ProcessIcon data-testid="spinner" className="size-[1.15em]" /> : null}
      {withSubtitle ? (
        <span className="flex flex-col items-center leading-tight">
          <span>{children}</span>
          <span data-testid="button-subtitle" className="text-[11px] font-normal opacity-90">
            {subtitle}
          </span>
        </span>
      ) : (
        children
      )}
    </>
  );

  if (typeof props.href === 'string') {
    const { href, disabled: _disabled, ...anchorProps } = rest as Omit<ButtonLinkProps, keyof ButtonOwnProps | 'className' | 'children' | 'onClick'>;
    return (
      <a
        {...anchorProps}
        href={disabled ? undefined : href}
        role={disabled ? 'link' : undefined}
        aria-disabled={disabled || loading || undefined}
        aria-busy={loading || undefined}
        data-loading={loading || undefined}
        data-disabled={disabled || undefined}
        data-variant={variant}
        data-size={size}
        className={classes}
        onClick={handleClick}
      >
        {content}
      </a>
    );
  }

  const { type = 'button', ...buttonProps } = rest as Omit<ButtonProps, keyof ButtonOwnProps | 'className' | 'children' | 'onClick'>;
  return (
    <button
      {...buttonProps}
      type={type}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      data-loading={loading || undefined}
      data-variant={variant}
      data-size={size}
      className={classes}
      onClick={handleClick}
    >
      {content}
    </button>
  );
}
