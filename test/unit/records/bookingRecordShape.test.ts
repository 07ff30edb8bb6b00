// A stored booking has one shape: its mongoose schema (adapters/mongo/schemas/bookingSchema.ts)
// states every field, type, enum, bound and pattern the API's JSON Schemas state for it (the create
// and status-change bodies for what a client writes, the booking record for what the server
// writes), and the SQLite table's generated columns read fields of that record with their type
// and requiredness. What the API shows in another form is described as stored: instants in UTC
// (shown with the business's offset), payment amounts in minor units (shown in major units).
import { bookingSchema } from '../../../src/adapters/mongo/schemas/bookingSchema';
import { paymentMigrations } from '../../../src/adapters/sqlite/store/paymentSchema';
import { storeMigrations } from '../../../src/adapters/sqlite/store/schema';
import { createBookingBodySchema, updateBookingBodySchema } from '../../../src/schemas/endpoints/bookings';
import { bookingRecordSchema } from '../../../src/schemas/responses/bookings';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(bookingRecordSchema);
const body = presentProperties(createBookingBodySchema);
const payment = presentProperties(record.payment);
const historyEntry = record.history.items ?? {};
/** Payment amounts are kept in the currency's minor units, whole numbers (domain/money.ts). */
const MINOR_UNITS: Json = { type: 'integer', minimum: 0 };

const STORED_BOOKING: Json = {
  type: 'object',
  properties: {
    // References are stored as the ids they name, which the store checks no more than its own ids.
    businessId: record.businessId,
    serviceId: record.serviceId,
    serviceName: record.serviceName,
    start: record.start,
    end: record.end,
    timeZone: record.timeZone,
    status: record.status,
    customer: body.customer,
    notes: body.notes,
    journeyId: body.journeyId,
    price: { ...record.price, required: ['amount', 'currency'] },
    payment: {
      type: 'object',
      // `status` is answered, not stored: read from the booking's status, paidAt and refund.
      properties: {
        paymentId: payment.paymentId,
        required: payment.required,
        amount: MINOR_UNITS,
        currency: payment.currency,
        holdExpiresAt: payment.holdExpiresAt,
        refundableUntil: payment.refundableUntil,
        checkoutUrl: payment.checkoutUrl,
        paidAt: payment.paidAt,
        refund: { ...payment.refund, properties: { ...payment.refund.properties, amount: MINOR_UNITS } },
      },
      required: ['paymentId', 'required', 'amount', 'currency', 'holdExpiresAt', 'refundableUntil'],
    },
    history: {
      type: 'array',
      // A status change's reason is the one its body carried.
      items: { ...historyEntry, properties: { ...historyEntry.properties, reason: presentProperties(updateBookingBodySchema).reason } },
    },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  },
  required: ['businessId', 'serviceId', 'serviceName', 'start', 'end', 'timeZone', 'status', 'customer', 'history', 'createdAt', 'updatedAt'],
};

const RULES = {
  // The store's bookkeeping, the booking account (never shown: the owner reads the customer), the
  // seat it holds, and whether a refund was already sent to the provider.
  storageOnly: ['_id', 'webhookOutbox', 'writeMarks', 'environment', 'createdBy', 'seat', 'version', 'payment.refund.state'],
  alwaysStored: [],
};

const DDL = ddlOf([...storeMigrations, ...paymentMigrations]);

describe('the stored booking and the API describe one record', () => {
  it('has the same fields, types, enums, bounds and patterns in the mongoose schema as in the JSON Schemas', () => {
    expect(storedShapeDifferences(STORED_BOOKING, bookingSchema, RULES)).toEqual([]);
  });

  it('reads fields of the record in the SQLite table\'s columns, with their type and requiredness', () => {
    const columns = extractedColumns(DDL, 'bookings');
    expect(columns.map((column) => column.path)).toEqual(['environment', 'businessId', 'createdBy', 'start', 'status', 'version']);
    expect(columnDifferences(columns, bookingSchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = bookingSchema.clone();
    drifted.path('status', { type: String, enum: ['pending', 'confirmed'], required: true });
    drifted.path('notes', { ...bookingSchema.path('notes').options, maxlength: 5000 });
    drifted.path('channel', { type: String });
    expect(storedShapeDifferences(STORED_BOOKING, drifted, RULES)).toEqual([
      'status: enum is ["cancelled","completed","confirmed","declined","expired","no_show","pending","pending_payment"] in the API, ["confirmed","pending"] stored',
      'notes: maxLength is 2000 in the API, 5000 stored',
      'channel: stored, not in the API\'s schemas',
    ]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'bookings').map((column) =>
      column.name === 'status' ? { ...column, type: 'INTEGER', notNull: false } : column.name === 'start_at' ? { ...column, path: 'startsAt' } : column,
    );
    expect(columnDifferences(drifted, bookingSchema)).toEqual([
      'start_at: reads startsAt, which the record does not have',
      'status: INTEGER column of a String field (status)',
      'status: nullable column of an always stored field (status)',
    ]);
  });
});
