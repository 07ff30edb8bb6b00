import { pageSize, toListPage } from '../../keysetPage';
import type { Environment } from '../../../domain/profile';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../../domain/webhooks/webhookRecords';
import type { WebhookRepository } from '../../../ports/webhookRepository';
import type { SqliteDatabase } from '../openDatabase';
import { createOutboxWriter } from './webhookOutbox';
import type { Synchronous } from './synchronous';

interface DocRow {
  doc: string;
}

const parse = <T>(row: DocRow | undefined): T | null => (row ? (JSON.parse(row.doc) as T) : null);

export function createWebhookRepository(db: SqliteDatabase): Synchronous<WebhookRepository> {
  const insertEndpoint = db.prepare<[string, string]>('INSERT INTO webhook_endpoints (id, doc) VALUES (?, ?)');
  const endpointById = db.prepare<[string], DocRow>('SELECT doc FROM webhook_endpoints WHERE id = ?');
  const endpointPage = db.prepare<[string, Environment, string, string, number], DocRow>(
    `SELECT doc FROM webhook_endpoints WHERE account_id = ? AND environment = ? AND (created_at, id) > (?, ?)
     ORDER BY created_at, id LIMIT ?`,
  );
  const endpointCount = db.prepare<[string, Environment], { n: number }>('SELECT count(*) AS n FROM webhook_endpoints WHERE account_id = ? AND environment = ?');
  const enabled = db.prepare<[string, Environment], DocRow>(
    'SELECT doc FROM webhook_endpoints WHERE account_id = ? AND environment = ? AND enabled = 1 ORDER BY created_at, id',
  );
  // json_patch is an RFC 7396 merge: null removes a field, arrays replace.
  const patchEndpoint = db.prepare<[string, string], DocRow>('UPDATE webhook_endpoints SET doc = json_patch(doc, ?) WHERE id = ? RETURNING doc');
  const noteFailure = db.prepare<[string, string], DocRow>(
    "UPDATE webhook_endpoints SET doc = json_set(doc, '$.failingSince', coalesce(json_extract(doc, '$.failingSince'), ?)) WHERE id = ? RETURNING doc",
  );
  const deleteEndpoint = db.prepare<[string]>('DELETE FROM webhook_endpoints WHERE id = ?');
  const deleteDeliveriesOf = db.prepare<[string]>('DELETE FROM webhook_deliveries WHERE endpoint_id = ?');

  const writeEvents = createOutboxWriter(db);
  const eventById = db.prepare<[string], DocRow>('SELECT doc FROM webhook_events WHERE id = ?');
  const toFanOut = db.prepare<[number], DocRow>('SELECT doc FROM webhook_events WHERE fanned_out = 0 ORDER BY seq LIMIT ?');
  const markFannedOut = db.prepare<[string]>('UPDATE webhook_events SET fanned_out = 1 WHERE id = ?');
  const insertDelivery = db.prepare<[string, string]>(
    'INSERT INTO webhook_deliveries (id, doc) VALUES (?, ?) ON CONFLICT (event_id, endpoint_id) DO NOTHING',
  );

  const deliveryById = db.prepare<[string], DocRow>('SELECT doc FROM webhook_deliveries WHERE id = ?');
  const due = db.prepare<[string, string, number], DocRow>(
    `SELECT doc FROM (
       SELECT doc, next_attempt_at AS due_at FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ?
       UNION ALL
       SELECT doc, lease_until AS due_at FROM webhook_deliveries WHERE status = 'delivering' AND lease_until <= ?
     ) ORDER BY due_at LIMIT ?`,
  );
  const swapDelivery = db.prepare<[string, string, number]>('UPDATE webhook_deliveries SET doc = ? WHERE id = ? AND version = ?');
  const deliveryPage = db.prepare<[string, string, string, number], DocRow>(
    `SELECT doc FROM webhook_deliveries WHERE endpoint_id = ? AND (created_at, id) < (?, ?)
     ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const deliveryCount = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?');

  const removeEndpoint = db.transaction((id: string) => {
    deleteDeliveriesOf.run(id);
    return deleteEndpoint.run(id).changes === 1;
  });
  const fanOut = db.transaction((eventId: string, deliveries: WebhookDelivery[]) => {
    for (const delivery of deliveries) insertDelivery.run(delivery.id, JSON.stringify(delivery));
    markFannedOut.run(eventId);
  });
  const append = db.transaction((events: WebhookEvent[]) => writeEvents(events));

  return {
    createEndpoint(endpoint) {
      const doc = JSON.stringify(endpoint);
      insertEndpoint.run(endpoint.id, doc);
      return JSON.parse(doc) as WebhookEndpoint;
    },
    getEndpoint(id) {
      return parse<WebhookEndpoint>(endpointById.get(id));
    },
    pageEndpoints(accountId, environment, options) {
      const size = pageSize(options);
      const rows = endpointPage.all(accountId, environment, options.after?.createdAt ?? '', options.after?.id ?? '', size + 1);
      const total = endpointCount.get(accountId, environment)!.n;
      return toListPage(rows.map((row) => JSON.parse(row.doc) as WebhookEndpoint), size, total);
    },
    enabledEndpoints(accountId, environment) {
      return enabled.all(accountId, environment).map((row) => JSON.parse(row.doc) as WebhookEndpoint);
    },
    updateEndpoint(id, patch) {
      return parse<WebhookEndpoint>(patchEndpoint.get(JSON.stringify(patch), id));
    },
    noteEndpointFailure(id, at) {
      return parse<WebhookEndpoint>(noteFailure.get(at, id));
    },
    deleteEndpoint(id) {
      return removeEndpoint.immediate(id);
    },
    appendEvents(events) {
      append.immediate(events);
    },
    getEvent(id) {
      return parse<WebhookEvent>(eventById.get(id));
    },
    eventsToFanOut(limit) {
      return toFanOut.all(Math.max(1, Math.trunc(limit))).map((row) => JSON.parse(row.doc) as WebhookEvent);
    },
    fanOut(eventId, deliveries) {
      fanOut.immediate(eventId, deliveries);
    },
    getDelivery(id) {
      return parse<WebhookDelivery>(deliveryById.get(id));
    },
    dueDeliveries(now, limit) {
      return due.all(now, now, Math.max(1, Math.trunc(limit))).map((row) => JSON.parse(row.doc) as WebhookDelivery);
    },
    replaceDelivery(next, expectedVersion) {
      return swapDelivery.run(JSON.stringify(next), next.id, expectedVersion).changes === 1;
    },
    pageDeliveries(endpointId, options) {
      const size = pageSize(options);
      // Newest first: the page continues strictly before the previous page's last item.
      const rows = deliveryPage.all(endpointId, options.after?.createdAt ?? '\uffff', options.after?.id ?? '\uffff', size + 1);
      const total = deliveryCount.get(endpointId)!.n;
      return toListPage(rows.map((row) => JSON.parse(row.doc) as WebhookDelivery), size, total);
    },
  };
}
