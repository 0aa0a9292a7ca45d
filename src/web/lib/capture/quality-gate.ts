import { useCallback, useState } from 'react';
import { QUALITY_REFUSALS_BEFORE_OVERRIDE, type QualityIssue } from '../../../shared/capture-rules.ts';

export interface Refusal {
  issues: QualityIssue[];
  /** The refused picture, kept so "Send anyway" can send it. */
  file: File;
  /** How many pictures of this slot were refused in a row. */
  count: number;
  /** After QUALITY_REFUSALS_BEFORE_OVERRIDE refusals the user may send it anyway. */
  canOverride: boolean;
}

/** The next refusal state after a check: a clean picture clears it; a refused one counts up. */
export function nextRefusal(previous: Refusal | null, file: File, issues: QualityIssue[]): Refusal | null {
  if (issues.length === 0) return null;
  const count = (previous?.count ?? 0) + 1;
  return { issues, file, count, canOverride: count >= QUALITY_REFUSALS_BEFORE_OVERRIDE };
}

/**
 * Quality checks before an upload (decision 023): a picture with issues is refused with the reason
 * and what to do; after two refusals in a row the user may send the last one anyway, and the
 * warnings travel with it for the reviewer. Without a checker (no capture kit) every picture goes.
 */
export function useQualityGate(check: ((file: File) => Promise<QualityIssue[]>) | undefined, send: (file: File, warnings: QualityIssue[]) => void) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [checking, setChecking] = useState(false);

  const offer = useCallback(
    async (file: File) => {
      if (!check) {
        send(file, []);
        return;
      }
      setChecking(true);
      let issues: QualityIssue[] = [];
      try {
        issues = await check(file);
      } catch {
        // A picture the browser cannot decode goes to the server, which judges it (and says why).
        issues = [];
      } finally {
        setChecking(false);
      }
      setRefusal((previous) => nextRefusal(previous, file, issues));
      if (issues.length === 0) send(file, []);
    },
    [check, send],
  );

  const sendAnyway = useCallback(() => {
    if (!refusal?.canOverride) return;
    send(refusal.file, refusal.issues);
    setRefusal(null);
  }, [refusal, send]);

  const dismiss = useCallback(() => setRefusal(null), []);

  return { offer, refusal, checking, sendAnyway, dismiss };
}
