// What every fleet test file is given: the running fleet and a client of its proxy.
import type { Fleet } from '../../scripts/fleet/fleet';
import type { Call } from '../../scripts/fleet/fleetClient';

export interface FleetContext {
  readonly fleet: Fleet;
  readonly call: Call;
}
