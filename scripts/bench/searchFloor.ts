// Starts searchFloorServer.ts in its own process (see there) with the scenarios' requests and
// the index queries the API runs for them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scenario } from './benchScenarios';
import { startChildServer, type ChildServer } from './childServer';
import { replayKey } from './replayServer';
import type { FloorRequest } from './searchFloorServer';

/** What the floor reads of a scenario. */
type FloorScenario = Pick<Scenario, 'requests' | 'indexQueries'>;

async function floorRequests(scenarios: FloorScenario[]): Promise<FloorRequest[]> {
  const requests: FloorRequest[] = [];
  for (const scenario of scenarios) {
    const queries = await scenario.indexQueries();
    scenario.requests.forEach((request, i) => {
      // Consumer bodies say their page size (10 by default); listing queries already ask for one page.
      const pageSize = request.body !== undefined ? ((JSON.parse(request.body) as { limit?: number }).limit ?? 10) : queries[i].limit;
      requests.push({ key: replayKey(request.method, request.path, request.body), query: queries[i], pageSize });
    });
  }
  return requests;
}

/** `env`: the API server's environment (engine settings, DATA_DIR). */
export async function startSearchFloor(scenarios: FloorScenario[], env: NodeJS.ProcessEnv): Promise<ChildServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  const file = join(dir, 'requests.json');
  writeFileSync(file, JSON.stringify(await floorRequests(scenarios)));
  // One process (node --import tsx), so SIGTERM reaches the server itself.
  return startChildServer({
    name: 'search floor server',
    args: (port) => ['--import', 'tsx', 'scripts/bench/searchFloorServer.ts', file, String(port)],
    env,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });
}
