// The response envelope of spec 2.1: { success, data | error, meta { timestamp, requestId } }.
import type { Context } from 'koa';
import type { ErrorDetails } from '../domain/errors';

export interface Meta {
  timestamp: string;
  requestId: string;
}

export function meta(ctx: Context): Meta {
  return { timestamp: new Date().toISOString(), requestId: ctx.state.requestId as string };
}

/** Sends `data` in the success envelope. */
export function ok(ctx: Context, data: unknown, status = 200): void {
  ctx.status = status;
  ctx.body = { success: true, data, meta: meta(ctx) };
}

export function created(ctx: Context, data: unknown): void {
  ok(ctx, data, 201);
}

export function fail(ctx: Context, status: number, code: string, message: string, details?: ErrorDetails): void {
  ctx.status = status;
  ctx.body = { success: false, error: details ? { code, message, details } : { code, message }, meta: meta(ctx) };
}
