// What readiness asks of the running process (GET /v1/ready): each backend's state, the search
// indexer's and the analytics recorder's, as the composition root measures them.
export interface ReadinessReport {
  ready: boolean;
  backends: Record<string, { engine: string; ok: boolean; error?: string }>;
  indexer?: Record<string, unknown>;
  /** The recorder of the service's own analytics events in this process: counters and bounds. */
  analyticsRecorder?: Record<string, number>;
}

export type Readiness = () => Promise<ReadinessReport>;
