import { ConflictError } from '../../../domain/errors';
import type { Environment } from '../../../domain/profile';
import type { VerificationRequest } from '../../../domain/verification';
import type { VerificationRepository } from '../../../ports/store';
import type { SqliteDatabase } from '../openDatabase';
import { isUniqueViolation } from './uniqueViolation';

interface DocRow {
  doc: string;
}

export function createVerificationRepository(db: SqliteDatabase): VerificationRepository {
  const insert = db.prepare<[string, string]>('INSERT INTO verifications (id, doc) VALUES (?, ?)');
  const byId = db.prepare<[string], DocRow>('SELECT doc FROM verifications WHERE id = ?');
  const byBusiness = db.prepare<[Environment, string], DocRow>(
    'SELECT doc FROM verifications WHERE environment = ? AND business_id = ? ORDER BY created_at DESC, rowid DESC',
  );
  const pending = db.prepare<[number], DocRow>(
    "SELECT doc FROM verifications WHERE status = 'pending' ORDER BY created_at DESC, rowid DESC LIMIT ?",
  );
  // Only a pending request moves, in one statement: two admins deciding at once cannot both win.
  const decide = db.prepare<[string, string], DocRow>(
    "UPDATE verifications SET doc = json_patch(doc, ?) WHERE id = ? AND status = 'pending' RETURNING doc",
  );

  const read = (row: DocRow | undefined): VerificationRequest | null =>
    row ? (JSON.parse(row.doc) as VerificationRequest) : null;

  return {
    async create(request) {
      const doc = JSON.stringify(request);
      try {
        insert.run(request.id, doc);
      } catch (error) {
        if (isUniqueViolation(error, 'verifications', ['environment', 'business_id'])) {
          throw new ConflictError('VERIFICATION_PENDING', 'A verification request for this business is already pending');
        }
        throw error;
      }
      return JSON.parse(doc) as VerificationRequest;
    },
    async get(id) {
      return read(byId.get(id));
    },
    async listByBusiness(environment, businessId) {
      return byBusiness.all(environment, businessId).map((row) => JSON.parse(row.doc) as VerificationRequest);
    },
    async listPending(limit) {
      return pending.all(Math.max(0, Math.trunc(limit))).map((row) => JSON.parse(row.doc) as VerificationRequest);
    },
    async decide(id, decision) {
      // JSON.stringify drops an absent decisionNote, so json_patch leaves the field out too.
      const patch = JSON.stringify({
        status: decision.status,
        decidedBy: decision.decidedBy,
        decidedAt: decision.decidedAt,
        decisionNote: decision.decisionNote,
      });
      return read(decide.get(patch, id));
    },
  };
}
