// Turns validated request bodies into domain values: ids and timestamps for services,
// phone numbers in E.164, address lines without surrounding spaces. The schemas (src/schemas)
// already checked shapes and bounds; what depends on another field (a price's precision on its
// currency) is checked here.
import { ValidationError } from '../domain/errors';
import { newId } from '../domain/ids';
import { minorUnitIssue } from '../domain/money';
import { normalizePhone, phoneIssue } from '../domain/phone';
import { servicePaymentIssue } from '../domain/bookings/bookingPayment';
import type { Contact, Pricing, Service, ServiceFields } from '../domain/profile';

/** A service as callers hand it in; bookable and requiresQuote default to false. */
export type ServiceInput = Omit<ServiceFields, 'bookable' | 'requiresQuote'> & Partial<Pick<ServiceFields, 'bookable' | 'requiresQuote'>>;

/** Refuses amounts finer than the currency's minor unit (JPY 10.5, USD 1.234), naming the field under `at`. */
export function assertPricingPrecision(pricing: Pricing | null | undefined, at: string): void {
  if (!pricing) return;
  const amounts = pricing.type === 'range' ? { minAmount: pricing.minAmount, maxAmount: pricing.maxAmount } : { amount: pricing.amount };
  for (const [name, amount] of Object.entries(amounts)) {
    const issue = minorUnitIssue(amount, pricing.currency);
    if (issue) throw new ValidationError(`${at}.${name}`, issue);
  }
}

/** assertPricingPrecision for a request's services list, naming `services.<index>.pricing...`. */
export function assertServicesPricing(inputs: ServiceInput[] | null | undefined): void {
  inputs?.forEach((input, index) => assertPricingPrecision(input.pricing, `services.${index}.pricing`));
}

/** Refuses a payment rule the service's other fields cannot carry, naming the field under `at` (`services.2.`, or nothing). */
export function assertServicePayment(service: Pick<Service, 'pricing' | 'payment' | 'bookable' | 'requiresQuote'>, at = ''): void {
  const problem = servicePaymentIssue(service);
  if (problem) throw new ValidationError(`${at}${problem.field}`, problem.issue);
}

/** assertServicePayment for every service of a request's list, naming `services.<index>.`. */
export function assertServicesPayment(services: ReadonlyArray<Pick<Service, 'pricing' | 'payment' | 'bookable' | 'requiresQuote'>>): void {
  services.forEach((service, index) => assertServicePayment(service, `services.${index}.`));
}

export function newService(input: ServiceInput, now: Date): Service {
  const at = now.toISOString();
  return {
    id: newId('svc'),
    name: input.name,
    ...(input.description !== undefined && { description: input.description }),
    ...(input.category !== undefined && { category: input.category }),
    ...(input.pricing !== undefined && { pricing: input.pricing }),
    ...(input.duration !== undefined && { duration: input.duration }),
    ...(input.capacity !== undefined && { capacity: input.capacity }),
    ...(input.payment !== undefined && { payment: input.payment }),
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

/**
 * Surrounding white space in an address line is a copy-paste accident, not part of it ("78704 "
 * is 78704, " Austin " is Austin): it is dropped, so filters and duplicate checks compare the
 * words themselves. Works on a location patch too.
 */
export function normalizeLocation<T extends { address?: object | null } | null | undefined>(location: T): T {
  const address = location?.address;
  if (!address) return location;
  const trimmed = Object.fromEntries(Object.entries(address).map(([field, value]) => [field, typeof value === 'string' ? value.trim() : value]));
  return { ...location, address: trimmed } as T;
}
