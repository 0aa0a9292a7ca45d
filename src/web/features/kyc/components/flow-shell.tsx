import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Stepper } from '../../../components/ui/stepper.tsx';
import type { StepState } from '../model/flow.ts';

export interface FlowShellProps {
  steps: readonly StepState[];
  current: number;
  /** The heading of the current step (h2); focus moves to it when the step changes. */
  title: string;
  children: ReactNode;
  onBack?: () => void;
  /** Continue; omitted on the last step (the review has its own submit button). */
  onContinue?: () => void;
  /** Why Continue did not move on (shown next to the buttons). */
  blocked?: string | null;
}

/**
 * The frame of a verification flow: the Stepper (§2 "the guide steps"), the current step under its
 * own heading, and Back / Continue. Focus goes to the new step's heading so keyboard and screen
 * reader users land where the content changed.
 */
export function FlowShell({ steps, current, title, children, onBack, onContinue, blocked }: FlowShellProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [current]);
  return (
    <div className="flex flex-col gap-6">
      <Stepper current={current} steps={steps.map((s) => ({ key: s.key, label: t(`kyc.flow.steps.${s.key}`) }))} />
      <section aria-labelledby="flow-step-title" className="flex flex-col gap-4" data-testid={`flow-step-${steps[current]?.key}`}>
        <h2 id="flow-step-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {title}
        </h2>
        {children}
      </section>
      {blocked ? (
        <p role="alert" className="text-sm text-danger">
          {blocked}
        </p>
      ) : null}
      {/* On phones Back / Continue stay at the bottom of the screen while a long step scrolls. */}
      {onBack || onContinue ? (
        <div className="flex flex-wrap justify-between gap-3 border-t border-line bg-white pt-4 max-sm:sticky max-sm:bottom-0 max-sm:z-20 max-sm:pb-3">
          {onBack ? (
            <Button variant="default" onClick={onBack}>
              {t('kyc.flow.back')}
            </Button>
          ) : (
            <span />
          )}
          {onContinue ? (
            <Button variant="primary" onClick={onContinue}>
              {t('kyc.flow.continue')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
