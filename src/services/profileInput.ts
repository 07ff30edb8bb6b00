// Turns validated request bodies into domain values: ids and timestamps for services,
// phone numbers in E.164. The schemas (src/schemas) already checked shapes and bounds.
import { ValidationError } from '../domain/errors';
import { newId } from '../domain/ids';
import { normalizePhone, phoneIssue } from '../domain/phone';
import type { Contact, Service, ServiceFields } from '../domain/profile';

/** A service as callers hand it in; bookable and requiresQuote default to false. */
export type ServiceInput = Omit<ServiceFields, 'bookable' | 'requiresQuote'> & Partial<Pick<ServiceFields, 'bookable' | 'requiresQuote'>>;

export function newService(input: ServiceInput, now: Date): Service {
  const at = now.toISOString();
  return {
    id: newId('svc'),
    name: input.name,
    ...(input.description !== undefined && { description: input.description }),
    ...(input.category !== undefined && { category: input.category }),
    ...(input.pricing !== undefined && { pricing: input.pricing }),
    ...(input.duration !== undefined && { duration: input.duration }),
    bookable: input.bookable ?? false,
    requiresQuote: input.requiresQuote ?? false,
    createdAt: at,
    updatedAt: at,
  };
}

/** Stores phones in E.164 so duplicates are found whatever punctuation the caller used. */
export function normalizeContact(contact: Contact | undefined, country?: string): Contact {
  if (!contact) return {};
  if (contact.phone === undefined) return { ...contact };
  const phone = normalizePhone(contact.phone, country);
  if (!phone) throw new ValidationError('contact.phone', phoneIssue(contact.phone, country));
  return { ...contact, phone };
}
