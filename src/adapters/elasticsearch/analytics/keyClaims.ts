// Step 1 of an Elasticsearch append (appendEvents.ts): each event's (environment, reporter, eventId)
// key is claimed in the key index with `create`, which refuses a key already held in real time,
// whatever month the event names. A held key is a duplicate when its event is stored. A held key
// whose event is missing was written by an append that has not stored the event yet, or that died
// between its two writes: younger than ORPHAN_AFTER_MS it may still be running (in this process or
// another), so the batch is refused as retryable and stores nothing; older, it is taken over.
import type { Client } from '@elastic/elasticsearch';
import { UnavailableError } from '../../../domain/errors';
import type { AnalyticsIndices } from './analyticsIndices';
import { itemStatus, sendBulk } from './bulkRequests';
import { deleteMatching } from './scroll';

/** Longer than any append takes between its key and its event. */
export const ORPHAN_AFTER_MS = 60_000;

function storingElsewhere(): UnavailableError {
  const error = new UnavailableError('Some of these events are being stored by another request; retry shortly');
  error.retryAfterSeconds = 1;
  return error;
}

export interface KeyCandidate {
  /** The event's document id: its key, hashed (analyticsIndices.ts eventDocumentId). */
  id: string;
  /** The month index the event goes to. */
  index: string;
}

export interface KeyClaim<C> {
  /** The candidates whose key this call now holds; the others are duplicates. */
  passed: C[];
  /** Gives back the keys this call wrote (when the append fails after claiming them). */
  release(): Promise<void>;
}

interface KeyDocument {
  month: string;
  created: number;
}

export function createKeyClaims(client: Client, indices: AnalyticsIndices, options: { refresh: boolean }, now: () => number = Date.now) {
  const keyDocument = (c: KeyCandidate): KeyDocument => ({ month: indices.monthOf(c.index) as string, created: now() });

  async function release(claimed: KeyCandidate[]): Promise<void> {
    if (claimed.length === 0) return;
    await sendBulk(client, claimed.map((c) => ({ delete: { _index: indices.eventKeys, _id: c.id } })), { refresh: options.refresh }).catch(() => undefined);
  }

  /** The held keys' documents, and which of their events are stored (real-time gets). */
  async function heldState(held: KeyCandidate[]): Promise<Map<string, { key?: KeyDocument; stored: boolean }>> {
    const keys = await client.mget<KeyDocument>({ index: indices.eventKeys, ids: held.map((c) => c.id) });
    const documents = new Map<string, KeyDocument | undefined>();
    for (const doc of keys.docs) documents.set(doc._id, 'found' in doc && doc.found ? doc._source : undefined);
    const lookups = [...documents].filter(([, key]) => key !== undefined).map(([id, key]) => ({ _index: indices.eventIndexOfMonth(key!.month), _id: id }));
    const stored = new Set<string>();
    if (lookups.length > 0) {
      const events = await client.mget({ docs: lookups, _source: false });
      for (const doc of events.docs) if ('found' in doc && doc.found) stored.add(doc._id);
    }
    return new Map(held.map((c) => [c.id, { key: documents.get(c.id), stored: stored.has(c.id) }]));
  }

  return {
    /** Candidates must have distinct ids (the append keeps a batch's first event of each key). */
    async claim<C extends KeyCandidate>(candidates: C[]): Promise<KeyClaim<C>> {
      if (candidates.length === 0) return { passed: [], release: async () => undefined };
      const response = await sendBulk(client, candidates.flatMap((c) => [{ create: { _index: indices.eventKeys, _id: c.id } }, keyDocument(c)]), { refresh: options.refresh });
      const passed: C[] = [];
      const held: C[] = [];
      let failed = false;
      for (const [i, item] of response.items.entries()) {
        const status = itemStatus(item);
        if (status === 201) passed.push(candidates[i]);
        else if (status === 409) held.push(candidates[i]);
        else failed = true;
      }
      const claimed: C[] = [...passed];
      try {
        if (failed) throw new UnavailableError('The analytics store could not store the batch');
        const state = held.length > 0 ? await heldState(held) : new Map();
        const orphans: C[] = [];
        for (const c of held) {
          const { key, stored } = state.get(c.id)!;
          if (stored) continue; // a duplicate
          // No key any more (a retention purge in between) or a key old enough: the append that wrote it is gone.
          if (key === undefined || now() - key.created > ORPHAN_AFTER_MS) orphans.push(c);
          else throw storingElsewhere();
        }
        if (orphans.length > 0) {
          const taken = await sendBulk(client, orphans.flatMap((c) => [{ index: { _index: indices.eventKeys, _id: c.id } }, keyDocument(c)]), { refresh: options.refresh });
          if (taken.errors) throw new UnavailableError('The analytics store could not store the batch');
          passed.push(...orphans);
          claimed.push(...orphans);
        }
      } catch (error) {
        await release(claimed);
        throw error;
      }
      return { passed, release: () => release(claimed) };
    },
  };
}

/**
 * Deletes the keys of a dropped month (retention), page by page with a scroll: the minimal
 * Elasticsearch distribution has no delete-by-query. A key left behind is harmless: its event is
 * missing, so a repeat of it is taken over as an orphan, as if the key were gone.
 */
export async function forgetKeysOfMonth(client: Client, indices: AnalyticsIndices, month: string): Promise<void> {
  await client.indices.refresh({ index: indices.eventKeys });
  await deleteMatching(client, indices.eventKeys, { term: { month } });
}
