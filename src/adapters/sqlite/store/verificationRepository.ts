import { pageSize, toListPage } from '../../keysetPage';
import { ConflictError } from '../../../domain/errors';
import type { Environment } from '../../../domain/profile';
import type { VerificationRequest } from '../../../domain/verification';
import type { VerificationDecision, VerificationRepository } from '../../../ports/store';
import type { SqliteDatabase } from '../openDatabase';
import { isUniqueViolation } from './uniqueViolation';
import type { OutboxWriter } from './webhookOutbox';
import type { WebhookEvent } from '../../../domain/webhooks/webhookRecords';
import type { Synchronous } from './synchronous';

interface DocRow {
  doc: string;
}

export function createVerificationRepository(db: SqliteDatabase, outbox: OutboxWriter): Synchronous<VerificationRepository> {
  const insert = db.prepare<[string, string]>('INSERT INTO verifications (id, doc) VALUES (?, ?)');
  const byId = db.prepare<[string], DocRow>('SELECT doc FROM verifications WHERE id = ?');
  const byBusiness = db.prepare<[Environment, string], DocRow>(
    'SELECT doc FROM verifications WHERE environment = ? AND business_id = ? ORDER BY created_at DESC, rowid DESC',
  );
  // Keyset paging on (created_at, id): a request decided between two pages never shifts the next one.
  const pendingPage = db.prepare<[Environment, string, string, number], DocRow>(
    `SELECT doc FROM verifications WHERE status = 'pending' AND environment = ? AND (created_at, id) > (?, ?)
     ORDER BY created_at, id LIMIT ?`,
  );
  const pendingCount = db.prepare<[Environment], { n: number }>(
    "SELECT count(*) AS n FROM verifications WHERE status = 'pending' AND environment = ?",
  );
  // Only a request in the expected state moves, in one statement: two admins deciding at once cannot both win.
  const decide = db.prepare<[string, string, string], DocRow>(
    'UPDATE verifications SET doc = json_patch(doc, ?) WHERE id = ? AND status = ? RETURNING doc',
  );
  const rejectPending = db.prepare<[string, Environment, string], DocRow>(
    "UPDATE verifications SET doc = json_patch(doc, ?) WHERE environment = ? AND business_id = ? AND status = 'pending' RETURNING doc",
  );

  // json_patch is an RFC 7396 merge: a null decisionNote removes the field, so a decision without a
  // note never keeps the note of an approval it replaces.
  const decisionPatch = (decision: VerificationDecision) =>
    JSON.stringify({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: decision.decidedAt,
      decisionNote: decision.decisionNote ?? null,
    });

  // Each write and its webhook events commit together; events are built from the row as stored.
  const insertWithEvents = db.transaction((request: VerificationRequest, doc: string, events?: readonly WebhookEvent[]) => {
    insert.run(request.id, doc);
    outbox(events);
  });
  type EventsFor = ((decided: VerificationRequest) => readonly WebhookEvent[]) | undefined;
  const decideWithEvents = db.transaction((patch: string, id: string, from: string, eventsFor: EventsFor) => {
    const row = decide.get(patch, id, from);
    if (row && eventsFor) outbox(eventsFor(JSON.parse(row.doc) as VerificationRequest));
    return row;
  });
  const rejectWithEvents = db.transaction((patch: string, environment: Environment, businessId: string, eventsFor: EventsFor) => {
    const rows = rejectPending.all(patch, environment, businessId);
    if (eventsFor) for (const row of rows) outbox(eventsFor(JSON.parse(row.doc) as VerificationRequest));
    return rows;
  });

  const read = (row: DocRow | undefined): VerificationRequest | null =>
    row ? (JSON.parse(row.doc) as VerificationRequest) : null;

  return {
    create(request, events) {
      const doc = JSON.stringify(request);
      try {
        insertWithEvents.immediate(request, doc, events);
      } catch (error) {
        if (isUniqueViolation(error, 'verifications', ['environment', 'business_id'])) {
          throw new ConflictError('VERIFICATION_PENDING', 'A verification request for this business is already pending');
        }
        throw error;
      }
      return JSON.parse(doc) as VerificationRequest;
    },
    get(id) {
      return read(byId.get(id));
    },
    listByBusiness(environment, businessId) {
      return byBusiness.all(environment, businessId).map((row) => JSON.parse(row.doc) as VerificationRequest);
    },
    listPending(environment, options) {
      const size = pageSize(options);
      const rows = pendingPage.all(environment, options.after?.createdAt ?? '', options.after?.id ?? '', size + 1);
      const total = (pendingCount.get(environment) as { n: number }).n;
      return toListPage(rows.map((row) => JSON.parse(row.doc) as VerificationRequest), size, total);
    },
    decide(id, decision, from = 'pending', eventsFor) {
      return read(decideWithEvents.immediate(decisionPatch(decision), id, from, eventsFor));
    },
    rejectPendingOfBusiness(environment, businessId, decision, eventsFor) {
      const rows = rejectWithEvents.immediate(decisionPatch({ ...decision, status: 'rejected' }), environment, businessId, eventsFor);
      return rows.map((row) => JSON.parse(row.doc) as VerificationRequest);
    },
  };
}
