// AI platforms as the API names them for people (GET /v1/analytics/platforms: the built-in ones
// and those an admin registered), fetched once per environment (api.js caches it).
import * as api from './api.js';
import { humanise } from './format.js';

/** Callers that declared no platform are counted under `direct`, which is not a platform to list. */
const DIRECT = 'Direct (no platform declared)';

/** name -> display name, as a function: platformName('meta_ai') === 'Meta AI'. */
export async function platformNamer(environment) {
  const { platforms } = await api.get(environment, '/analytics/platforms');
  const names = new Map(platforms.map((platform) => [platform.name, platform.displayName]));
  return (name) => (name === 'direct' ? DIRECT : (names.get(name) ?? humanise(name)));
}
