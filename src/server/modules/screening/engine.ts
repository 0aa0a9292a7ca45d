import type { ScreeningHit } from '../../../shared/api/screening.ts';
import type { Db } from '../../db/index.ts';
import type { ScreeningEngineKind } from '../../screening-config.ts';

/**
 * The screening port (decision 043): what finds a verified person's hits in a list version. Two
 * engines: the in-house index (decision 038, lists loaded here) and OpenSanctions' yente (the list
 * lives in yente; each version of its dataset is recorded here as a list version with no entries).
 * Everything after the hits — cases, questionnaires, EDD, audit, get-aml-result — is the service's,
 * the same for both.
 */
export interface ScreenedPerson {
  name: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** ISO 3166-1 alpha-2, when known (yente weighs it; the in-house index does not use it). */
  nationality?: string;
}

/** The list version screened against (a screening_lists row). */
export interface ListRef {
  version: number;
  source: string;
  sha256: string;
}

/** A version of yente's dataset as its /catalog gives it, to be recorded as a list version. */
export interface RemoteList {
  /** The list's `source`: `yente:<dataset>@<version>`. */
  source: string;
  dataset: string;
  datasetVersion: string;
  /** The dataset's entity count, when the catalog says (0 otherwise). */
  entryCount: number;
}

export interface ScreeningEngine {
  readonly kind: ScreeningEngineKind;
  /**
   * The entries of `list` the person matches, best first, as stored with a match (0–100 scores, the
   * date-of-birth agreement). Throws when the engine cannot answer for that list (it is another
   * engine's, or the engine is unreachable): a screening job is then retried, nobody is cleared.
   */
  hitsFor(q: Db, list: ListRef, person: ScreenedPerson): Promise<ScreeningHit[]>;
  /** Where the list lives outside (yente): the version it serves now. Absent: lists are loaded here. */
  remoteList?(): Promise<RemoteList>;
  close?(): Promise<void>;
}

const YENTE_SOURCE = /^yente:([a-z][a-z0-9_]*)@(.+)$/;

/** The `source` of a list version that stands for a version of yente's dataset. */
export const yenteListSource = (dataset: string, datasetVersion: string) => `yente:${dataset}@${datasetVersion}`;

/**
 * The dataset and version of a list recorded from yente; null for a loaded file. A file load always
 * has its SHA-256, a yente version never has one: a file named like `yente:x@y` stays a file.
 */
export function yenteListOf(list: Pick<ListRef, 'source' | 'sha256'>): { dataset: string; datasetVersion: string } | null {
  if (list.sha256 !== '') return null;
  const m = YENTE_SOURCE.exec(list.source);
  return m ? { dataset: m[1]!, datasetVersion: m[2]! } : null;
}
