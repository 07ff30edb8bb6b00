// Bookings (issue 21): availability of a bookable service, booking, reading, status changes, lists.
import Router from '@koa/router';
import { created, ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { validateBody, validateQuery } from '../http/validate';
import { availabilityQuerySchema, bookingListQuerySchema, createBookingBodySchema, updateBookingBodySchema } from '../schemas/endpoints/bookings';
import type { BookingService } from '../services/bookings/bookingService';
import { protect, type RouteGuards } from './routeGuards';

export function bookingRoutes(deps: { guards: RouteGuards; bookings: BookingService }): Router {
  const { guards, bookings } = deps;
  // Scopes (read:bookings, write:bookings) are the routes' entries in http/routeScopes.ts.
  const read = protect(guards, 'general');
  const write = read;
  const json = guards.jsonBody;
  const router = new Router();

  router.get('/business/profile/:businessId/services/:serviceId/availability', read, validateQuery(availabilityQuerySchema), async (ctx) => {
    ok(ctx, await bookings.availability(principalOf(ctx), ctx.params.businessId, ctx.params.serviceId, ctx.state.query));
  });

  router.get('/business/profile/:businessId/bookings', read, validateQuery(bookingListQuerySchema), async (ctx) => {
    ok(ctx, await bookings.listForBusiness(principalOf(ctx), ctx.params.businessId, ctx.state.query));
  });

  router.post('/bookings', write, json, validateBody(createBookingBodySchema), async (ctx) => {
    const booking = await bookings.create(principalOf(ctx), ctx.state.body, ctx.get('X-Session-ID') || undefined);
    ctx.set('Location', `/v1/bookings/${booking.id}`);
    created(ctx, booking);
  });

  router.get('/bookings', read, validateQuery(bookingListQuerySchema), async (ctx) => {
    ok(ctx, await bookings.listMine(principalOf(ctx), ctx.state.query));
  });

  router.get('/bookings/:bookingId', read, async (ctx) => {
    ok(ctx, await bookings.read(principalOf(ctx), ctx.params.bookingId));
  });

  router.patch('/bookings/:bookingId', write, json, validateBody(updateBookingBodySchema), async (ctx) => {
    ok(ctx, await bookings.changeStatus(principalOf(ctx), ctx.params.bookingId, ctx.state.body));
  });

  return router;
}
