// The fleet: `npm run fleet`'s topology started by the same code (scripts/fleet/fleet.ts)
// on loopback ports: MongoDB wire server, Elasticsearch, Redis, three API instances, the indexer
// and two webhook workers behind HAProxy round-robin. Every flow goes through the proxy and
// crosses instances; then a bounded load runs while processes are killed and engines restarted
// (scripts/fleet/faultRun.ts; `npm run fleet:faults` runs it longer). One fleet for the file:
// starting Elasticsearch and six Node processes is most of its time.
import { startFleet, type Fleet } from '../../scripts/fleet/fleet';
import { callerOf } from '../../scripts/fleet/fleetClient';
import type { FleetContext } from './fleetContext';
import { faultsUnderLoad } from './flows/faultsUnderLoad';
import { limitsAndSearch } from './flows/limitsAndSearch';
import { mcpAcrossInstances } from './flows/mcpAcrossInstances';
import { oauthAcrossInstances } from './flows/oauthAcrossInstances';
import { webhooksAndAnalytics } from './flows/webhooksAndAnalytics';
import { writesAcrossInstances } from './flows/writesAcrossInstances';

let fleet: Fleet | undefined;
const context: FleetContext = {
  get fleet() {
    if (!fleet) throw new Error('the fleet did not start');
    return fleet;
  },
  get call() {
    return callerOf(this.fleet.url);
  },
};

beforeAll(async () => {
  fleet = await startFleet({
    env: {
      LOG_LEVEL: process.env.FLEET_LOG_LEVEL ?? 'warn',
      // A worker killed mid-attempt holds its deliveries this long (timeout + 5 s) instead of a minute.
      WEBHOOK_TIMEOUT_SECONDS: '5',
      WEBHOOK_LEASE_SECONDS: '10',
    },
  });
}, 300_000);

afterAll(async () => {
  await fleet?.stop();
}, 120_000);

writesAcrossInstances(context);
limitsAndSearch(context);
oauthAcrossInstances(context);
mcpAcrossInstances(context);
webhooksAndAnalytics(context);
faultsUnderLoad(context);
