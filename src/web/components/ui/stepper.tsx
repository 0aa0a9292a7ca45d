import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { CheckIcon } from './icons.tsx';

/** How one step looks. Derived from `current` unless a step sets it (e.g. 'error' for a rejected step). */
export type StepState = 'complete' | 'current' | 'upcoming' | 'error';

export interface StepItem {
  /** Stable key (e.g. the route or the document kind). */
  key: string;
  label: ReactNode;
  state?: StepState;
}

export interface StepperProps {
  steps: readonly StepItem[];
  /** Zero-based index of the current step; steps before it are complete. */
  current: number;
  /** Names the navigation landmark; defaults to the translated "Progress". */
  label?: string;
  className?: string;
}

/** The state of step `index` given the current one. */
export function stepState(step: StepItem, index: number, current: number): StepState {
  if (step.state) return step.state;
  return index < current ? 'complete' : index === current ? 'current' : 'upcoming';
}

const CIRCLE: Record<StepState, string> = {
  complete: 'border-primary bg-primary text-primary-fg',
  current: 'border-primary bg-white text-ink',
  upcoming: 'border-line-strong bg-white text-muted',
  error: 'border-danger bg-danger text-white',
};

/**
 * The steps of a flow (e.g. document → selfie → review) as an ordered list with the current one
 * marked `aria-current="step"`, and the state of the others spoken ("completed"). On phones the
 * labels leave the row (a 375 px row has no room for them) and the current one shows after
 * "Step 2 of 3"; screen readers still hear every label.
 *
 * @example
 * <Stepper current={1} steps={[
 *   { key: 'document', label: t('kyc.steps.document') },
 *   { key: 'selfie', label: t('kyc.steps.selfie') },
 *   { key: 'review', label: t('kyc.steps.review') },
 * ]} />
 */
export function Stepper({ steps, current, label, className }: StepperProps) {
  const { t } = useTranslation();
  const clamped = Math.min(Math.max(current, 0), Math.max(steps.length - 1, 0));
  return (
    <nav aria-label={label ?? t('ui.stepper.label')} className={cn('kit:w-full', className)}>
      <p aria-hidden className="mb-2 text-xs text-muted sm:hidden">
        {t('ui.stepper.progress', { current: clamped + 1, total: steps.length })}
        {steps[clamped] ? <span className="font-medium text-ink"> · {steps[clamped].label}</span> : null}
      </p>
      <ol className="flex w-full items-center gap-2">
        {steps.map((step, index) => {
          const state = stepState(step, index, clamped);
          const isCurrent = state === 'current';
          return (
            <li
              key={step.key}
              aria-current={isCurrent ? 'step' : undefined}
              data-state={state}
              className={cn('flex min-w-0 items-center gap-2', index < steps.length - 1 && 'flex-1')}
            >
              <span
                aria-hidden
                className={cn('flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold', CIRCLE[state])}
              >
                {state === 'complete' ? <CheckIcon className="size-4" strokeWidth={3} /> : state === 'error' ? '!' : index + 1}
              </span>
              <span className={cn('sr-only min-w-0 truncate text-sm sm:not-sr-only', isCurrent ? 'font-medium text-ink' : 'text-muted')}>
                {step.label}
                {state === 'complete' || state === 'error' ? <span className="sr-only"> ({t(`ui.stepper.${state}`)})</span> : null}
              </span>
              {index < steps.length - 1 ? (
                <span aria-hidden className={cn('h-0.5 min-w-4 flex-1 rounded-full', index < clamped ? 'bg-primary' : 'bg-line')} />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
