import type { PopupType } from '../../lib/notify/index.ts';
import { cn } from './cn.ts';
import { FailIcon, InfoIcon, SuccessIcon, WarnIcon } from './icons.tsx';

const POPUP_ICONS = {
  success: { Icon: SuccessIcon, className: 'text-success' },
  error: { Icon: FailIcon, className: 'text-danger' },
  info: { Icon: InfoIcon, className: 'text-info' },
  warning: { Icon: WarnIcon, className: 'text-warn' },
} as const satisfies Record<PopupType, unknown>;

/** The icon of a message or notification popup type (decorative; the text carries the meaning). */
export function PopupIcon({ type, className }: { type: PopupType; className?: string }) {
  const { Icon, className: colour } = POPUP_ICONS[type];
  return <Icon className={cn('kitv:size-5', colour, className)} />;
}
