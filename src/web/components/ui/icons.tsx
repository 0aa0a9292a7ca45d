import type { SVGProps } from 'react';
import { cn } from './cn.ts';

/**
 * Inline SVG icons of the kit (no icon font, no CDN). Decorative by default (`aria-hidden`): the
 * text next to an icon, or the control's label, carries the meaning for screen readers.
 * They inherit `currentColor` and are 1em square unless `className` sizes them (`size-5`).
 *
 * @example <SuccessIcon className="size-5 text-success" />
 */
export type IconProps = SVGProps<SVGSVGElement>;

function Svg({ className, children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      className={cn('kit:size-[1em] kit:shrink-0', className)}
      {...props}
    >
      {children}
    </svg>
  );
}

/** A filled circle with a tick: success. */
export function SuccessIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" fill="currentColor" stroke="none" />
      <path d="m7.5 12.5 3 3 6-6.5" stroke="#fff" />
    </Svg>
  );
}

/** A filled circle with a cross: failure, error. */
export function FailIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" fill="currentColor" stroke="none" />
      <path d="m8.5 8.5 7 7m0-7-7 7" stroke="#fff" />
    </Svg>
  );
}

/** A filled circle with an "i": information. */
export function InfoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" fill="currentColor" stroke="none" />
      <path d="M12 11v6M12 7.5v.01" stroke="#fff" />
    </Svg>
  );
}

/** A filled triangle with "!": warning. */
export function WarnIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10.3 3.6 1.9 18a2 2 0 0 0 1.7 3h16.8a2 2 0 0 0 1.7-3L13.7 3.6a2 2 0 0 0-3.4 0Z" fill="currentColor" stroke="none" />
      <path d="M12 9v4.5M12 17v.01" stroke="#fff" />
    </Svg>
  );
}

/** A spinning arc: work in progress. Stops spinning for people who prefer reduced motion. */
export function ProcessIcon({ className, ...props }: IconProps) {
  return (
    <Svg className={cn('kit:motion-safe:animate-spin', className)} {...props}>
      <circle cx="12" cy="12" r="9" strokeOpacity={0.25} />
      <path d="M21 12a9 9 0 0 0-9-9" />
    </Svg>
  );
}

/** A cross: close buttons. */
export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Svg>
  );
}

/** A downward chevron: selects. */
export function ChevronDownIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m6 9 6 6 6-6" />
    </Svg>
  );
}

/** A tick: completed steps, selected cards. */
export function CheckIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Svg>
  );
}

/** An upward arrow into a tray: upload tiles. */
export function UploadIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 15V4m0 0L7.5 8.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </Svg>
  );
}

/** A document sheet: a chosen file that is not an image (e.g. a PDF). */
export function FileIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
      <path d="M14 3v5h5" />
    </Svg>
  );
}
