// Change-feed positions on MongoDB are change-stream resume tokens, serialised as the JSON of
// their `_data` so they fit the port's opaque string and a checkpoint document.
import mongoose from 'mongoose';
import { ChangeHistoryLostError } from '../../ports/changeFeed';

export interface ResumeToken {
  _data: string;
}

/**
 * Server codes for "cannot resume from this token": 260 InvalidResumeToken, 280 ChangeStreamFatalError
 * (e.g. the token's event is not in the oplog), 286 ChangeStreamHistoryLost (the oplog rolled over).
 */
const RESUME_FAILED_CODES = new Set([260, 280, 286]);
const RESUME_FAILED_NAMES = new Set(['InvalidResumeToken', 'ChangeStreamFatalError', 'ChangeStreamHistoryLost']);
/**
 * mongo-java-server answers a token it cannot parse (e.g. one from a real server) with an error
 * that has no code, only this message; it never trims its oplog, so it has no "history lost" case.
 */
const FAKE_SERVER_BAD_TOKEN = /^Unknown error: (For input string|Cannot parse)/;

export function encodePosition(token: ResumeToken): string {
  return JSON.stringify({ _data: token._data });
}

/** The resume token in a position string; ChangeHistoryLostError for anything this feed never returned. */
export function decodePosition(position: string): ResumeToken {
  let parsed: unknown;
  try {
    parsed = JSON.parse(position);
  } catch {
    parsed = undefined;
  }
  const data = (parsed as { _data?: unknown } | undefined)?._data;
  if (typeof data !== 'string' || !/^[0-9a-fA-F]+$/.test(data)) {
    throw new ChangeHistoryLostError(`"${position.slice(0, 100)}" is not a position of this change feed`);
  }
  return { _data: data };
}

/** True when the server refused to resume a change stream from the token it was given. */
export function isResumeRefused(error: unknown): boolean {
  if (!(error instanceof mongoose.mongo.MongoServerError)) return false;
  if (RESUME_FAILED_CODES.has(Number(error.code)) || RESUME_FAILED_NAMES.has(String(error.codeName))) return true;
  return error.code === undefined && FAKE_SERVER_BAD_TOKEN.test(error.message);
}
