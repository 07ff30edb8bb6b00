// The ids of every profile change the store's feed holds, oldest first: what the bulk-load
// contracts count writes by.
import type { Store } from '../../../src/ports/store';
import type { ProfileChange } from '../../../src/ports/changeFeed';

export async function allChanges(store: Store): Promise<ProfileChange[]> {
  const changes: ProfileChange[] = [];
  let position: string | null = null;
  for (;;) {
    const batch = await store.changeFeed.read(position, 100, 0);
    changes.push(...batch.changes);
    position = batch.position;
    if (batch.changes.length < 100) return changes;
  }
}
