// What every answer that names businesses records for analytics, as the docs of the
// searches and of event ingestion say it.
import { DEFAULT_FLUSH_INTERVAL_MS } from '../services/analytics/bufferedEventRecorder';

export const RECORDING_DESCRIPTION =
  'Consumer and partner search record, per returned business, an `impression` (with `position`, its 1-based rank among the ' +
  'businesses of that answer), a `citation` when the answer\'s summary names it, and a `comparison` when the same answer holds ' +
  'another business of its category. Each event carries the business, the environment (sandbox stays sandbox), the time and the ' +
  "business's local day, the AI platform, the journey (the session id: X-Session-ID or the returned sessionId; partner search " +
  'has one only when X-Session-ID is sent), the normalised query and the surface. No IP address, user agent or e-mail. ' +
  `Recorded events are buffered in the process and stored every ${DEFAULT_FLUSH_INTERVAL_MS} ms and at shutdown: a crash may lose ` +
  'at most that window of them; ingested events are answered only once stored.';
