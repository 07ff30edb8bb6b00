// The AI platform names analytics accept: the built-in list plus names an admin
// registered in the store. `resolve` is the one place a call's platform is decided; an OAuth
// client (or any other credential) passes its declared platform the same way an API key does.
import { checkRegistrablePlatform, resolveAiPlatform } from '../../domain/analytics/aiPlatform';
import { BUILT_IN_PLATFORMS } from '../../domain/analytics/analyticsEvent';
import type { AnalyticsPlatformRecord, Store } from '../../ports/store';

export interface PlatformListing {
  name: string;
  displayName: string;
  builtIn: boolean;
  createdAt?: string;
}

const DISPLAY_NAMES: Record<(typeof BUILT_IN_PLATFORMS)[number], string> = {
  chatgpt: 'ChatGPT',
  claude: 'Claude',
  gemini: 'Gemini',
  perplexity: 'Perplexity',
  copilot: 'Copilot',
  meta_ai: 'Meta AI',
  other: 'Other',
};

export function createPlatformRegistry(deps: { store: Pick<Store, 'analyticsPlatforms'>; clock: () => Date }) {
  const { store, clock } = deps;
  const isRegistered = (name: string) => store.analyticsPlatforms.has(name);

  return {
    /** The platform of one call: X-AI-Platform when sent (400 naming the header if unknown), else the credential's, else `direct`. */
    resolve(declared: string | undefined, relayed: string | undefined): Promise<string> {
      return resolveAiPlatform({ declared, relayed }, isRegistered);
    },

    isKnown: (name: string) => resolveAiPlatform({ relayed: name }, isRegistered).then(
      () => true,
      () => false,
    ),

    async register(adminId: string, input: { name: string; displayName?: string }): Promise<AnalyticsPlatformRecord> {
      const name = input.name.trim().toLowerCase();
      checkRegistrablePlatform(name);
      return store.analyticsPlatforms.add({ name, displayName: input.displayName?.trim() || name, createdBy: adminId, createdAt: clock().toISOString() });
    },

    async list(): Promise<PlatformListing[]> {
      const builtIn = BUILT_IN_PLATFORMS.map((name) => ({ name, displayName: DISPLAY_NAMES[name], builtIn: true }));
      const registered = (await store.analyticsPlatforms.list()).map(({ name, displayName, createdAt }) => ({ name, displayName, builtIn: false, createdAt }));
      return [...builtIn, ...registered];
    },
  };
}

export type PlatformRegistry = ReturnType<typeof createPlatformRegistry>;
