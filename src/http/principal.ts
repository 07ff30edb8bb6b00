import type { Context } from 'koa';
import { UnauthorizedError } from '../domain/errors';
import type { Principal } from '../domain/principal';

/** The caller established by http/authenticate.ts; routes behind it always have one. */
export function principalOf(ctx: Context): Principal {
  const principal = ctx.state.principal as Principal | undefined;
  if (!principal) throw new UnauthorizedError('Missing bearer credential');
  return principal;
}
