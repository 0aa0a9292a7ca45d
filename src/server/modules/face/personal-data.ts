import type { Db } from '../../db/index.ts';
import type { PersonalDataPort } from '../records/port.ts';
import * as repo from './face-match.repo.ts';

/**
 * The face matches of a user's pictures in their data export (decision 045): which selfie and which
 * document front were compared, the score, band or why there is none, the model and when. They are
 * biometric results: erasure removes them with the liveness checks (the records module's biometric
 * erasure, `removeAllOf`), and BIOMETRIC_RETENTION_DAYS ends them (`sweep`).
 */
export const faceMatchPersonalData: PersonalDataPort = {
  async exportOf(db: Db, userId: string) {
    const rows = await repo.findAllOfUser(db, userId);
    return {
      faceMatches: rows.map((r) => ({
        level: Number(r.level),
        selfieDocumentId: r.selfie_document_id,
        frontDocumentId: r.front_document_id,
        score: r.score === null ? null : Number(r.score),
        band: r.band,
        missing: r.missing,
        model: r.model,
        computedAt: r.computed_at,
      })),
    };
  },
  async auditRefsOf(trx: Db, userId: string) {
    const rows = await repo.findAllOfUser(trx, userId);
    return rows.map((r) => ({ entityType: 'face_match', entityId: r.id }));
  },
};
