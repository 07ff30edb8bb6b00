// The booking tools of the MCP server (issue 23 with issue 21's bookings): open start times of a
// bookable service, and booking one. Same service, schemas and scopes as GET .../availability
// (read:bookings) and POST /bookings (write:bookings). A tool call has no Idempotency-Key: a client
// that retries create_booking after a lost answer should check GET /v1/bookings first.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { checkPrincipalScope as checkScope } from '../http/authorize';
import { bodyChecker, queryChecker } from '../schemas/check';
import { availabilityQuerySchema, createBookingBodySchema } from '../schemas/endpoints/bookings';
import { availabilitySchema, bookingRecordSchema } from '../schemas/responses/bookings';
import type { BookingService } from '../services/bookings/bookingService';
import type { ToolAnswer, ToolCaller } from './toolCaller';
import { restOutputSchema } from './restOutputSchema';

export function registerBookingTools(server: McpServer, bookings: Pick<BookingService, 'availability' | 'create'>, caller: ToolCaller, answer: ToolAnswer): void {
  const checkWindow = queryChecker(availabilityQuerySchema);
  const checkBooking = bodyChecker(createBookingBodySchema);

  server.registerTool(
    'get_availability',
    {
      title: 'Open start times of a service',
      description:
        'Open start times of a bookable service (ids from get_business: services with bookable true), in the business\'s time zone, ' +
        'between from and to (default: the next 7 days; at most 31). Blackout dates and full slots are left out.',
      inputSchema: {
        businessId: z.string().min(1).max(64),
        serviceId: z.string().min(1).max(64),
        from: z.string().max(40).optional().describe('ISO date or date-time; default now'),
        to: z.string().max(40).optional().describe('ISO date or date-time; default 7 days after from'),
      },
      outputSchema: restOutputSchema(availabilitySchema),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ businessId, serviceId, from, to }, extra) =>
      answer(async () => {
        const principal = await caller.principal(extra);
        checkScope(principal, 'read:bookings');
        const window = checkWindow({ ...(from !== undefined && { from }), ...(to !== undefined && { to }) }) as { from?: string; to?: string };
        return bookings.availability(principal, businessId, serviceId, window);
      }),
  );

  server.registerTool(
    'create_booking',
    {
      title: 'Book a service',
      description:
        'Book one start time from get_availability for the user. Needs the user\'s name and an email or phone; confirm the details with the user ' +
        'before calling. The booking starts as pending until the business confirms it.',
      inputSchema: {
        businessId: z.string().min(1).max(64),
        serviceId: z.string().min(1).max(64),
        start: z.string().max(40).describe('A start from get_availability, with its offset'),
        customer: z.object({ name: z.string().min(1), email: z.string().optional(), phone: z.string().optional() }),
        notes: z.string().optional().describe('For the business'),
        sessionId: z.string().optional().describe('sessionId of the search that led here (attribution)'),
      },
      outputSchema: restOutputSchema(bookingRecordSchema),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ sessionId, ...input }, extra) =>
      answer(async () => {
        const principal = await caller.principal(extra);
        checkScope(principal, 'write:bookings');
        const body = checkBooking({ ...input, ...(sessionId !== undefined && { journeyId: sessionId }) }) as Parameters<BookingService['create']>[1];
        return bookings.create(principal, body);
      }),
  );
}
