import { createContext, useContext, type ComponentType } from 'react';
import type { HandoffCreateResult } from '../../../shared/api/capture.ts';
import type { HandoffStep, QualityIssue } from '../../../shared/capture-rules.ts';
import type { SelectableDocumentType } from '../../../shared/document-requirements.ts';

/**
 * The seam between the KYC flow and the capture feature (decision 023). Features never import each
 * other, so the app hands the KYC screens the capture's pieces through this context, each loaded on
 * demand: none of it is in the first page, and a screen rendered without the kit (unit tests, a
 * build without the feature) simply works without handoff or quality checks.
 */
export interface HandoffPanelProps {
  level: 1;
  step: HandoffStep;
  /** A picture arrived from the phone: refresh the drafts. */
  onArrived: () => void;
  /** The phone said it is done: move on. */
  onCompleted: () => void;
  /** The flow's step the panel is shown on (DOCUMENTS or SELFIE): where a REMAINING link's plan starts, and its intro. */
  from?: HandoffStep;
  /** The document type chosen: a REMAINING link (decision 058) asks the phone for its sides. */
  documentType?: SelectableDocumentType | null;
  /**
   * The live link, when the flow keeps it (decision 058: one phone session spans the documents and
   * selfie steps, so moving between them must not lose it). Without these the panel keeps its own.
   */
  link?: HandoffCreateResult | null;
  onLink?: (link: HandoffCreateResult | null) => void;
}

export interface DocumentCameraProps {
  /** What is photographed ("Front side"): names the camera view. */
  label: string;
  /** A picture that passed the checks, or that the user sends anyway with the warnings shown. */
  onCapture: (file: File, warnings: QualityIssue[]) => void;
  disabled?: boolean;
}

export interface SelfieCaptureProps {
  level: 1;
  onCapture: (file: File, warnings: QualityIssue[]) => void;
  disabled?: boolean;
  /** The liveness challenge goes through the phone's handoff instead of the user's session. */
  viaHandoff?: boolean;
  /** A selfie exists already: the start button offers a retake. */
  hasSelfie?: boolean;
}

export type PicturePurpose = 'document' | 'selfie';

export interface CaptureKit {
  HandoffPanel?: ComponentType<HandoffPanelProps>;
  DocumentCamera?: ComponentType<DocumentCameraProps>;
  SelfieCapture?: ComponentType<SelfieCaptureProps>;
  /** The browser's quality checks of a chosen file (empty: fine). */
  checkPicture?: (file: Blob, purpose: PicturePurpose) => Promise<QualityIssue[]>;
}

export const CaptureKitContext = createContext<CaptureKit>({});

export const useCaptureKit = (): CaptureKit => useContext(CaptureKitContext);
