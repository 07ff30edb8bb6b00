// Bookings in SQLite, with their seats in booking_seats (see the schema for why). A booking and
// its seat are written in one transaction, and so are a status change and the seat it frees; each
// transaction also stores the write's webhook events (booking.created / booking.updated).
import { PreconditionFailedError } from '../../../domain/errors';
import { type Booking, holdsSeat } from '../../../domain/bookings/booking';
import type { Environment } from '../../../domain/profile';
import type { WebhookEvent } from '../../../domain/webhooks/webhookRecords';
import type { BookingPageOptions, BookingRepository } from '../../../ports/store';
import type { SqliteDatabase } from '../openDatabase';
import { isUniqueViolation } from './uniqueViolation';
import { slotUnavailable } from '../../../domain/bookings/slotUnavailable';
import { dayBefore } from '../../../domain/bookings/dayBefore';
import type { OutboxWriter } from './webhookOutbox';
import type { Synchronous } from './synchronous';

interface DocRow {
  doc: string;
}

const SEAT_KEY = ['environment', 'business_id', 'service_id', 'start_at', 'seat'] as const;

export function createBookingRepository(db: SqliteDatabase, outbox: OutboxWriter): Synchronous<BookingRepository> {
  const insertBooking = db.prepare<[string, string]>('INSERT INTO bookings (id, doc) VALUES (?, ?)');
  const insertSeat = db.prepare<[Environment, string, string, string, number, string]>(
    'INSERT INTO booking_seats (environment, business_id, service_id, start_at, seat, booking_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const releaseSeat = db.prepare<[string]>('DELETE FROM booking_seats WHERE booking_id = ?');
  const byId = db.prepare<[string, Environment], DocRow>('SELECT doc FROM bookings WHERE id = ? AND environment = ?');
  const swap = db.prepare<[string, string, Environment, number]>('UPDATE bookings SET doc = ? WHERE id = ? AND environment = ? AND version = ?');
  // The seat rows say which bookings hold a place; the bookings' ends come from their documents.
  // A booking lasts at most a day, so one that overlaps [from, to) starts after from minus a day.
  const held = db.prepare<[Environment, string, string, string, string, string], { start: string; end: string }>(
    `SELECT b.start_at AS start, json_extract(b.doc, '$.end') AS end FROM booking_seats s JOIN bookings b ON b.id = s.booking_id
     WHERE s.environment = ? AND s.business_id = ? AND s.service_id = ? AND s.start_at >= ? AND s.start_at < ? AND json_extract(b.doc, '$.end') > ?
     ORDER BY b.start_at, b.id`,
  );
  const pageStatements = new Map<string, ReturnType<typeof db.prepare>>();
  // hold_until and refund_due come with the payment tables (paymentSchema.ts), each behind a partial index.
  const holdsExpired = db.prepare<[string, number], DocRow>('SELECT doc FROM bookings WHERE hold_until IS NOT NULL AND hold_until <= ? ORDER BY hold_until LIMIT ?');
  const refundsDue = db.prepare<[number], DocRow>('SELECT doc FROM bookings WHERE refund_due = 1 LIMIT ?');

  const create = db.transaction((booking: Booking, capacity: number, events?: readonly WebhookEvent[]): Booking => {
    for (let seat = 0; seat < capacity; seat++) {
      try {
        insertSeat.run(booking.environment, booking.businessId, booking.serviceId, booking.start, seat, booking.id);
      } catch (error) {
        if (isUniqueViolation(error, 'booking_seats', SEAT_KEY)) continue;
        throw error;
      }
      const stored = { ...booking, seat };
      insertBooking.run(booking.id, JSON.stringify(stored));
      outbox(events);
      return stored;
    }
    throw slotUnavailable(booking.start);
  });

  const replace = db.transaction((next: Booking, expectedVersion: number, events?: readonly WebhookEvent[]) => {
    const swapped = swap.run(JSON.stringify(next), next.id, next.environment, expectedVersion);
    if (swapped.changes !== 1) throw new PreconditionFailedError(`Booking ${next.id} is not at version ${expectedVersion}`);
    if (!holdsSeat(next.status)) releaseSeat.run(next.id);
    outbox(events);
  });

  function statement(sql: string) {
    let prepared = pageStatements.get(sql);
    if (!prepared) {
      prepared = db.prepare(sql);
      pageStatements.set(sql, prepared);
    }
    return prepared;
  }

  function page(column: 'business_id' | 'created_by', environment: Environment, owner: string, options: BookingPageOptions) {
    const filters = ['environment = @environment', `${column} = @owner`];
    if (options.status) filters.push('status = @status');
    if (options.from) filters.push('start_at >= @from');
    if (options.to) filters.push('start_at < @to');
    const where = filters.join(' AND ');
    const filterParams = {
      environment,
      owner,
      ...(options.status && { status: options.status }),
      ...(options.from && { from: options.from }),
      ...(options.to && { to: options.to }),
    };
    const size = Math.max(1, Math.trunc(options.limit));
    const after = options.after ? ' AND (start_at, id) > (@afterStart, @afterId)' : '';
    const rows = statement(`SELECT doc FROM bookings WHERE ${where}${after} ORDER BY start_at, id LIMIT @limit`).all({
      ...filterParams,
      limit: size + 1,
      ...(options.after && { afterStart: options.after.start, afterId: options.after.id }),
    }) as DocRow[];
    const total = (statement(`SELECT count(*) AS n FROM bookings WHERE ${where}`).get(filterParams) as { n: number }).n;
    const items = rows.slice(0, size).map((row) => JSON.parse(row.doc) as Booking);
    const last = items.at(-1);
    return rows.length > size && last ? { items, next: { start: last.start, id: last.id }, total } : { items, total };
  }

  return {
    create(booking, capacity, events) {
      return structuredClone(create.immediate(booking, Math.max(1, Math.trunc(capacity)), events));
    },
    get(environment, id) {
      const row = byId.get(id, environment);
      return row ? (JSON.parse(row.doc) as Booking) : null;
    },
    replace(next, expectedVersion, events) {
      replace.immediate(next, expectedVersion, events);
      return structuredClone(next);
    },
    heldSpans(environment, businessId, serviceId, from, to) {
      return held.all(environment, businessId, serviceId, dayBefore(from), to, from).map(({ start, end }) => ({ start, end }));
    },
    pageByBusiness(environment, businessId, options) {
      return page('business_id', environment, businessId, options);
    },
    pageByCreator(environment, accountId, options) {
      return page('created_by', environment, accountId, options);
    },
    holdsExpiredBy(now, limit) {
      return holdsExpired.all(now, limit).map((row) => JSON.parse(row.doc) as Booking);
    },
    refundsDue(limit) {
      return refundsDue.all(limit).map((row) => JSON.parse(row.doc) as Booking);
    },
  };
}


