// The change feed on MongoDB: a change stream on `businesses` with fullDocument 'updateLookup',
// so a change carries the profile as stored now (as the SQLite feed does). Positions are resume
// tokens (changeStreamPosition.ts). A reader that continues from the position it was last given
// keeps its open cursor; any other position opens a new stream with resumeAfter, and null starts
// at the oldest retained oplog entry. Change streams cannot count, so countAfter is always null,
// and head() is the newest position this process has handed out.
import type { mongo } from 'mongoose';
import type { Logger } from '../../logger';
import { type ChangeBatch, type ChangeFeed, ChangeHistoryLostError, type ProfileChange } from '../../ports/changeFeed';
import { decodePosition, encodePosition, isResumeRefused, type ResumeToken } from './changeStreamPosition';
import { toProfile } from './profileDocument';
import type { BusinessDoc } from './schemas/businessSchema';
import { translateError } from './translateError';

type Collection = mongo.Collection<BusinessDoc>;
type Timestamp = mongo.Timestamp;
type ChangeStream = ReturnType<Collection['watch']>;
type ChangeEvent = mongo.ChangeStreamDocument<BusinessDoc>;

/** How often a waiting reader asks again; also the server-side await of each getMore. */
const POLL_INTERVAL_MS = 50;
const MAX_BATCH = 10_000;

export interface MongoChangeFeed extends ChangeFeed {
  /** Wakes a waiting reader of this process to look again now (called after local writes). */
  notify(): void;
}

export interface MongoChangeFeedDeps {
  businesses: Collection;
  /** Where a null position starts; null = "now" (the oplog is not readable). */
  historyStart: () => Promise<Timestamp | null>;
  logger?: Pick<Logger, 'warn'>;
}

interface OpenStream {
  stream: ChangeStream;
  /** The position the stream's next event follows: reads continuing from here reuse it. */
  position: string | null;
  /** Not asked yet: its first answer is the aggregate's first batch, which may be empty. */
  fresh: boolean;
}

export function createMongoChangeFeed({ businesses, historyStart, logger }: MongoChangeFeedDeps): MongoChangeFeed {
  let current: OpenStream | null = null;
  let head: { position: string; t: number; i: number } | null = null;
  let closed = false;
  let warnedNoHistory = false;
  let queue: Promise<unknown> = Promise.resolve();
  let wakeSleeper: (() => void) | null = null;

  /** One read at a time: they share the open cursor. */
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (wakeSleeper === done) wakeSleeper = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeSleeper = done;
    });
  }

  async function drop(open: OpenStream | null): Promise<void> {
    if (!open) return;
    if (current === open) current = null;
    await open.stream.close().catch(() => undefined);
  }

  async function openAt(position: string | null, token: ResumeToken | null): Promise<OpenStream> {
    await drop(current);
    const options: mongo.ChangeStreamOptions = { fullDocument: 'updateLookup', maxAwaitTimeMS: POLL_INTERVAL_MS };
    if (token) {
      options.resumeAfter = token;
    } else {
      const start = await historyStart();
      if (start) {
        options.startAtOperationTime = start;
      } else if (!warnedNoHistory) {
        warnedNoHistory = true;
        logger?.warn('the oplog is not readable: a change feed read from the start begins at the current time');
      }
    }
    current = { stream: businesses.watch([], options), position, fresh: true };
    return current;
  }

  function eventTime(event: ChangeEvent): { at: string; t: number; i: number } {
    const clusterTime = (event as { clusterTime?: Timestamp }).clusterTime;
    const wallTime = (event as { wallTime?: Date }).wallTime;
    const t = clusterTime?.t ?? 0;
    const i = clusterTime?.i ?? 0;
    const at = wallTime instanceof Date ? wallTime : new Date(t > 0 ? t * 1000 : Date.now());
    return { at: at.toISOString(), t, i };
  }

  /** The change for an event; null for events that carry no profile (skipped, see below). */
  function toChange(event: ChangeEvent): (ProfileChange & { t: number; i: number }) | null {
    if (event.operationType === 'invalidate') {
      throw new ChangeHistoryLostError('The businesses collection was dropped or renamed; the change stream ended');
    }
    const doc = 'fullDocument' in event ? event.fullDocument : undefined;
    if (!doc) {
      // Only a document removed outside this store (the store deletes by setting deletedAt) has no
      // full document; without it the environment is unknown. A full reindex drops such profiles.
      if (event.operationType !== 'drop' && event.operationType !== 'dropDatabase' && event.operationType !== 'rename') {
        logger?.warn({ operationType: event.operationType }, 'change without a stored profile skipped');
      }
      return null;
    }
    const { at, t, i } = eventTime(event);
    return { position: encodePosition(event._id as ResumeToken), profileId: doc._id, environment: doc.environment, profile: toProfile(doc), at, t, i };
  }

  async function readFrom(position: string | null, token: ResumeToken | null, limit: number, waitMs: number): Promise<ChangeBatch> {
    let open = current && current.position === position ? current : await openAt(position, token);
    const changes: ProfileChange[] = [];
    const deadline = Date.now() + Math.max(0, waitMs);
    let retriedStart = false;
    while (changes.length < limit && !closed) {
      const asked = Date.now();
      let event: ChangeEvent | null;
      try {
        event = (await open.stream.tryNext()) as ChangeEvent | null;
      } catch (error) {
        await drop(open);
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() may have run during the await
        if (closed) break;
        // A null start raced the oplog's truncation: look up the new oldest entry once.
        if (position === null && !retriedStart && isResumeRefused(error) && changes.length === 0) {
          retriedStart = true;
          open = await openAt(position, token);
          continue;
        }
        throw isResumeRefused(error)
          ? new ChangeHistoryLostError(`The change stream cannot resume from ${position ?? 'the start'}`)
          : translateError(error);
      }
      if (event) {
        let change: ReturnType<typeof toChange>;
        try {
          change = toChange(event);
        } catch (error) {
          await drop(open);
          if (changes.length > 0) break;
          throw error;
        }
        if (change) {
          const { t, i, ...rest } = change;
          changes.push(rest);
          if (!head || t > head.t || (t === head.t && i >= head.i)) head = { position: rest.position, t, i };
        }
        continue;
      }
      if (changes.length > 0) break;
      if (open.fresh) {
        open.fresh = false;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) break;
      await sleep(Math.min(left, Math.max(0, POLL_INTERVAL_MS - (Date.now() - asked))));
    }
    open.fresh = false;
    if (changes.length === 0) return { changes, position };
    const last = changes[changes.length - 1].position;
    // Events skipped after the last change are skipped again by a reopened stream, so the
    // cursor stays equivalent to "after `last`".
    if (current === open) open.position = last;
    return { changes, position: last };
  }

  return {
    async read(position, max, waitMs) {
      const token = position === null ? null : decodePosition(position);
      const limit = Math.min(MAX_BATCH, Math.max(1, Math.trunc(max)));
      return exclusive(() => (closed ? Promise.resolve({ changes: [], position }) : readFrom(position, token, limit, waitMs)));
    },
    async head() {
      return head?.position ?? null;
    },
    async countAfter(position) {
      if (position !== null) decodePosition(position);
      return null;
    },
    notify() {
      wakeSleeper?.();
    },
    async close() {
      if (closed) return;
      closed = true;
      wakeSleeper?.();
      await drop(current);
    },
  };
}
