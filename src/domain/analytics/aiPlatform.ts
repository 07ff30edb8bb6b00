// The AI platform an event is attributed to: what the caller declared on its API key
// (or, later, its OAuth client), overridden per request by X-AI-Platform for partners that relay
// several assistants; `direct` when nobody declared one. Names are the built-in list plus those an
// admin registered; a name nobody knows is refused rather than counted under a typo.
import { ValidationError } from '../errors';
import { BUILT_IN_PLATFORMS, DIRECT_PLATFORM } from './analyticsEvent';

/** Lower-case letters, digits and underscores, 2-32 characters, starting with a letter (`meta_ai`). */
export const PLATFORM_NAME = /^[a-z][a-z0-9_]{1,31}$/;

export const AI_PLATFORM_HEADER = 'X-AI-Platform';

export function isBuiltInPlatform(name: string): boolean {
  return (BUILT_IN_PLATFORMS as readonly string[]).includes(name);
}

/** An admin may register a well-formed name that is not built in and not the `direct` fallback. */
export function checkRegistrablePlatform(name: string): void {
  if (!PLATFORM_NAME.test(name)) throw new ValidationError('name', `must match ${PLATFORM_NAME.source} (lower-case letters, digits, underscores)`);
  if (isBuiltInPlatform(name)) throw new ValidationError('name', `"${name}" is built in already`);
  if (name === DIRECT_PLATFORM) throw new ValidationError('name', `"${DIRECT_PLATFORM}" is what calls without a declared platform count as`);
}

export interface PlatformDeclarations {
  /** The platform stored on the caller's credential (API key or OAuth client), if any. */
  declared?: string;
  /** The X-AI-Platform header as sent, if any. */
  relayed?: string;
}

/**
 * The platform of one call: the header when sent (validated: a relayed value must be known),
 * else the credential's, else `direct`. `isRegistered` answers for names beyond the built-in list.
 * The field named in errors is the header, so `field` can be passed for other carriers.
 */
export async function resolveAiPlatform(
  { declared, relayed }: PlatformDeclarations,
  isRegistered: (name: string) => Promise<boolean>,
  field = AI_PLATFORM_HEADER,
): Promise<string> {
  if (relayed !== undefined) {
    const name = relayed.trim().toLowerCase();
    // `direct` may be said explicitly: "no assistant", the same as declaring nothing.
    if (name === DIRECT_PLATFORM) return name;
    if (!PLATFORM_NAME.test(name) || !(isBuiltInPlatform(name) || (await isRegistered(name)))) {
      throw new ValidationError(field, `unknown AI platform; use one of ${BUILT_IN_PLATFORMS.join(', ')} or a name registered by an admin`);
    }
    return name;
  }
  return declared ?? DIRECT_PLATFORM;
}
