import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { flowHref, stepFromSearch, stepToShow, type FlowStep, type StepState } from '../model/flow.ts';

/** history.state of a step entry: which step the user moved on from (Back can then be the browser's Back). */
interface StepEntryState {
  flowFrom?: FlowStep;
}

export interface FlowStepControl {
  /** The step shown now. */
  index: number;
  /** Moves to a step as a new history entry (Continue, "Change", "Retake"). */
  go: (index: number) => void;
  /** The flow's Back button: the browser's Back when the previous entry is the previous step, so both stay in step. */
  back: () => void;
}

/**
 * The step of a verification flow lives in the address (`/kyc?step=selfie`): every step is a history
 * entry, so the browser's Back and Forward move between steps (what was entered stays: the flow's
 * state outlives its steps, uploads are drafts on the server), and a reload lands on the step in the
 * address when it may be entered, else the nearest one before it. Until `ready` (the data that
 * decides which steps are complete has loaded) nothing is decided; then an address without a step
 * gets the resume step written into it (replace, not a new entry).
 */
export function useFlowStep(level: VerifiableLevel, steps: readonly StepState[], ready: boolean, resumeAt: () => number): FlowStepControl {
  const search = useSearch();
  // The flow stays on its own page: /kyc, or updatekyc / updatePOA, which reuse the same capture.
  const [path, navigate] = useLocation();
  const wanted = stepFromSearch(search);
  // Where an address without a step starts, fixed once the data is in (later changes must not move the user).
  const [start, setStart] = useState<number | null>(null);
  const resume = ready && start === null ? resumeAt() : null;
  if (resume !== null) setStart(resume);
  const index = stepToShow(steps, wanted, start ?? resume ?? 0);
  const key = steps[index]!.key;

  const settled = useRef(false);
  useEffect(() => {
    if (!ready || settled.current) return;
    settled.current = true;
    // Written once on arrival only: a step that is briefly not enterable while data reloads must not lose the user's place.
    if (wanted !== key) navigate(flowHref(level, key, path), { replace: true });
  }, [ready, wanted, key, level, navigate, path]);

  const go = (i: number) => {
    const target = steps[i];
    if (!target || i === index) return;
    navigate(flowHref(level, target.key, path), { state: { flowFrom: key } satisfies StepEntryState });
  };
  const back = () => {
    const previous = steps[index - 1];
    if (!previous) return;
    const state = window.history.state as StepEntryState | null;
    if (state?.flowFrom === previous.key) window.history.back();
    else go(index - 1);
  };
  return { index, go, back };
}
