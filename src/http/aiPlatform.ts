// Puts the AI platform of the call on ctx.state.aiPlatform (issue 18): X-AI-Platform when sent
// (an unknown value is 400 VALIDATION_ERROR naming the header, before any work is done), else the
// platform declared on the credential, else `direct`. Mount after authenticate.
import type { Context, Middleware } from 'koa';
import { AI_PLATFORM_HEADER } from '../domain/analytics/aiPlatform';
import type { PlatformRegistry } from '../services/analytics/platformRegistry';
import { principalOf } from './principal';

export function aiPlatform(platforms: Pick<PlatformRegistry, 'resolve'>): Middleware {
  return async (ctx, next) => {
    ctx.state.aiPlatform = await platforms.resolve(principalOf(ctx).platform, ctx.get(AI_PLATFORM_HEADER) || undefined);
    await next();
  };
}

export function aiPlatformOf(ctx: Context): string {
  return ctx.state.aiPlatform as string;
}
