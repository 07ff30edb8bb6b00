// What every variant's inferred types must allow and refuse, the same for the three: a handler
// reads the fields the services read; the @ts-expect-error lines prove the types are not `any`.
export function exampleHandlers<
  CreateProfile extends { name: string; services?: Array<{ name: string; bookable: boolean; pricing?: { type: 'fixed' | 'range' | 'hourly'; currency: string } }>; hours?: { monday?: { open: string; close: string } | { closed: true } } },
  UpdateProfile extends { description?: string | null; status?: 'draft' | 'published'; location?: { address?: { city?: string | null } | null } | null },
  CreateBooking extends { businessId: string; start: string; customer: { name: string; email?: string } },
  BookingRecord extends { id: string; status: 'pending_payment' | 'pending' | 'confirmed' | 'declined' | 'cancelled' | 'expired' | 'completed' | 'no_show'; price?: { amount?: number } | null },
  ConsumerSearch extends { query: string; limit: number; offset: number; location?: { lat: number; lon: number; distance: string } },
>() {
  return {
    create: (body: CreateProfile) => body.services?.map((service) => `${body.name}:${service.name}:${service.pricing?.currency ?? ''}`),
    update: (body: UpdateProfile) => body.location?.address?.city ?? body.status,
    book: (body: CreateBooking): string => `${body.businessId}@${body.start} for ${body.customer.name}`,
    record: (record: BookingRecord) => (record.price ? record.price.amount : record.status),
    search: (body: ConsumerSearch) => body.limit + body.offset + (body.location?.lat ?? 0),
    refused: (body: ConsumerSearch, record: BookingRecord) => {
      // @ts-expect-error the query is a string
      const n: number = body.query;
      // @ts-expect-error not a booking status
      const s: typeof record.status = 'lost';
      return [n, s];
    },
  };
}

/** Fails to compile when a variant's inferred type is `any` (which every constraint above accepts). */
export function typed<T>(_proof: 0 extends 1 & T ? 'any' : 'typed'): void {}
