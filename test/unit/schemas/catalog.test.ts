import { addBlackoutDatesBodySchema, removeBlackoutDatesQuerySchema } from '../../../src/schemas/endpoints/blackoutDates';
import { updateExclusiveContentBodySchema } from '../../../src/schemas/endpoints/exclusiveContent';
import { updateHoursBodySchema } from '../../../src/schemas/endpoints/hours';
import { mediaUploadFieldsSchema } from '../../../src/schemas/endpoints/media';
import { createServiceBodySchema, updateServiceBodySchema } from '../../../src/schemas/endpoints/services';
import { requestVerificationBodySchema } from '../../../src/schemas/endpoints/verification';
import { bodyIssue, queryIssue, validBody, validQuery } from './expectIssue';

describe('POST services body', () => {
  it('accepts a service and defaults bookable and requiresQuote to false', () => {
    const body = validBody(createServiceBodySchema, { name: 'Deep tissue massage', pricing: { type: 'fixed', currency: 'USD', amount: 90 }, duration: 60 });
    expect(body).toMatchObject({ bookable: false, requiresQuote: false });
  });
  it('keeps flags the client sent', () => {
    expect(validBody(createServiceBodySchema, { name: 'Quote job', requiresQuote: true })).toMatchObject({ requiresQuote: true, bookable: false });
  });
  it('requires a name and bounds the duration to a day of minutes', () => {
    expect(bodyIssue(createServiceBodySchema, { duration: 30 })).toEqual({ field: 'name', issue: 'is required' });
    expect(bodyIssue(createServiceBodySchema, { name: 'x', duration: 0 })).toEqual({ field: 'duration', issue: 'must be between 1 and 1440' });
    expect(bodyIssue(createServiceBodySchema, { name: 'x', duration: 1441 })).toEqual({ field: 'duration', issue: 'must be between 1 and 1440' });
    expect(bodyIssue(createServiceBodySchema, { name: 'x', duration: 30.5 })).toEqual({ field: 'duration', issue: 'must be a whole number' });
  });
  it('rejects min above max in a price range', () => {
    expect(bodyIssue(createServiceBodySchema, { name: 'x', pricing: { type: 'range', currency: 'USD', minAmount: 10, maxAmount: 9.99 } })).toEqual({
      field: 'pricing.maxAmount',
      issue: 'must not be less than minAmount',
    });
  });
  it('rejects server-owned fields', () => {
    expect(bodyIssue(createServiceBodySchema, { name: 'x', createdAt: '2025-01-01T00:00:00Z' })).toEqual({ field: 'createdAt', issue: 'is not an allowed property' });
  });
});

describe('PATCH services body', () => {
  it('accepts any subset without filling defaults', () => {
    expect(validBody(updateServiceBodySchema, { duration: 45 })).toEqual({ duration: 45 });
    validBody(updateServiceBodySchema, { pricing: null, description: null });
  });
  it('requires at least one property and keeps the name required-shape', () => {
    expect(bodyIssue(updateServiceBodySchema, {})).toEqual({ field: 'body', issue: 'must contain at least one property' });
    expect(bodyIssue(updateServiceBodySchema, { name: null })).toEqual({ field: 'name', issue: 'must be a string' });
  });
  it('still validates a replaced price', () => {
    expect(bodyIssue(updateServiceBodySchema, { pricing: { type: 'hourly', currency: 'EUR', amount: -10 } }).field).toBe('pricing.amount');
    expect(bodyIssue(updateServiceBodySchema, { pricing: { type: 'hourly', currency: 'EURO', amount: 10 } })).toEqual({
      field: 'pricing.currency',
      issue: 'must be an ISO 4217 currency code',
    });
  });
});

describe('PATCH exclusive-content body', () => {
  it('accepts any of the four texts, and null to remove one', () => {
    validBody(updateExclusiveContentBodySchema, { insiderTips: 'Ask for the off-menu mole on Thursdays.', localSecrets: null });
  });
  it('bounds each text to 2000 characters', () => {
    expect(bodyIssue(updateExclusiveContentBodySchema, { behindTheScenes: 'b'.repeat(2001) })).toEqual({ field: 'behindTheScenes', issue: 'must be at most 2000 characters' });
  });
  it('requires at least one field and rejects others', () => {
    expect(bodyIssue(updateExclusiveContentBodySchema, {})).toEqual({ field: 'body', issue: 'must contain at least one property' });
    expect(bodyIssue(updateExclusiveContentBodySchema, { secrets: 'x' })).toEqual({ field: 'secrets', issue: 'is not an allowed property' });
  });
});

describe('PATCH hours body', () => {
  it('accepts some days, and null to remove a day', () => {
    validBody(updateHoursBodySchema, { friday: { open: '17:00', close: '01:30' }, monday: null });
  });
  it('requires at least one day and rejects 24:00', () => {
    expect(bodyIssue(updateHoursBodySchema, {})).toEqual({ field: 'body', issue: 'must contain at least one property' });
    expect(bodyIssue(updateHoursBodySchema, { sunday: { open: '24:00', close: '02:00' } })).toEqual({
      field: 'sunday.open',
      issue: 'must be a 24-hour time HH:MM from 00:00 to 23:59',
    });
  });
});

describe('blackout dates', () => {
  it('accepts a list of real dates in the body', () => {
    validBody(addBlackoutDatesBodySchema, { dates: ['2025-12-25', '2026-01-01'] });
  });
  it('rejects 2025-02-30 and a missing list', () => {
    expect(bodyIssue(addBlackoutDatesBodySchema, { dates: ['2025-02-30'] })).toEqual({ field: 'dates.0', issue: 'must be a real calendar date (YYYY-MM-DD)' });
    expect(bodyIssue(addBlackoutDatesBodySchema, {})).toEqual({ field: 'dates', issue: 'is required' });
  });
  it('reads the dates of a DELETE from the query, comma-separated or repeated', async () => {
    expect(await validQuery(removeBlackoutDatesQuerySchema, { dates: '2025-12-25,2025-12-26' })).toEqual({ dates: ['2025-12-25', '2025-12-26'] });
    expect(await validQuery(removeBlackoutDatesQuerySchema, { dates: ['2025-12-25', '2025-12-26'] })).toEqual({ dates: ['2025-12-25', '2025-12-26'] });
    expect(await validQuery(removeBlackoutDatesQuerySchema, { dates: '2025-12-25' })).toEqual({ dates: ['2025-12-25'] });
    expect(await queryIssue(removeBlackoutDatesQuerySchema, { dates: '2025-12-25,2025-02-30' })).toEqual({ field: 'dates.1', issue: 'must be a real calendar date (YYYY-MM-DD)' });
  });
});

describe('POST verification body', () => {
  it('accepts a level with https documents and defaults documents to none', () => {
    validBody(requestVerificationBodySchema, { level: 'certified', documents: ['https://files.example/licence.pdf'] });
    expect(validBody(requestVerificationBodySchema, { level: 'basic' })).toEqual({ level: 'basic', documents: [] });
  });
  it('rejects an unknown level, http documents and more than ten', () => {
    expect(bodyIssue(requestVerificationBodySchema, { level: 'gold' })).toEqual({ field: 'level', issue: 'must be one of basic, verified, premium, certified' });
    expect(bodyIssue(requestVerificationBodySchema, { level: 'basic', documents: ['http://files.example/a.pdf'] })).toEqual({ field: 'documents.0', issue: 'must be an https URL' });
    const documents = Array.from({ length: 11 }, (_, i) => `https://files.example/${i}.pdf`);
    expect(bodyIssue(requestVerificationBodySchema, { level: 'basic', documents })).toEqual({ field: 'documents', issue: 'must contain at most 10 items' });
  });
});

describe('media upload fields', () => {
  it('accepts a type and an optional business id', () => {
    validBody(mediaUploadFieldsSchema, { type: 'logo', businessId: 'biz_abcdef' });
    expect(bodyIssue(mediaUploadFieldsSchema, { type: 'gif' })).toEqual({ field: 'type', issue: 'must be one of photo, video, logo' });
  });
});
