// The pages a full reindex writes: profiles read from the store and mapped to index actions.
// In process by default; `createThreadedPages` (src/runtime/threadedPages.ts) reads and maps them on a thread of their own, with
// its own store connection, so the event loop only writes (reading the store, parsing its JSON and
// mapping was about a fifth of the event loop's time in a build).
import type { IndexAction } from '../src/ports/searchIndex';
import type { ProfileRepository } from '../src/ports/store';
import { type SkippedDocument, toIndexActionOrSkip } from './toSearchDocument';

export interface MappedPage {
  scanned: number;
  upserts: IndexAction[];
  /** Profiles the mapper could not turn into a document, in scan order. */
  skipped: SkippedDocument[];
  next?: string;
}

/** Reads the page of up to `size` profiles after the cursor (from the start when undefined). */
export type PageReader = (after: string | undefined, size: number) => Promise<MappedPage>;

/** Profiles per store read within a page. */
const SCAN_LIMIT = 2_500;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * One write's worth of profiles, read in store pages of at most SCAN_LIMIT with a turn of the
 * event loop between them: an embedded store reads synchronously, and the bulk requests of the
 * previous write keep uploading in those turns instead of waiting for the whole page.
 */
export function storePages(profiles: Pick<ProfileRepository, 'scan'>): PageReader {
  return async (after, size) => {
    const mapped: MappedPage = { scanned: 0, upserts: [], skipped: [], next: after };
    const skip = (skipped: SkippedDocument) => mapped.skipped.push(skipped);
    do {
      const page = await profiles.scan({ after: mapped.next, limit: Math.min(SCAN_LIMIT, size - mapped.scanned) });
      for (const profile of page.profiles) {
        const action = toIndexActionOrSkip(profile, skip);
        if (action.type === 'upsert') mapped.upserts.push(action);
      }
      mapped.scanned += page.profiles.length;
      mapped.next = page.next;
      await nextTurn();
    } while (mapped.next !== undefined && mapped.scanned < size);
    return mapped;
  };
}
