// Where the Elasticsearch analytics store keeps things: raw events in one index per UTC month of
// their timestamp (`<prefix>-events-YYYY.MM`, shaped by the index template in
// mappings/analytics-events.json) and daily count deltas in `<prefix>-daily`
// (mappings/analytics-daily.json). Monthly indices rather than a data stream with ILM: retention
// then drops whole months (what ILM's delete phase does), it runs on every Elasticsearch 8
// distribution (the minimal one has no data-stream, ILM or scripting modules). An id is unique per
// index only, and two events under one key may name different months: `<prefix>-event-keys`
// (mappings/analytics-event-keys.json) holds every stored event's key, so `create` there refuses a
// repeat in real time whatever its timestamp. `<prefix>-rollup-batches`
// (mappings/analytics-rollup-batches.json) is the rollup catch-up's bookkeeping (rollupCatchUp.ts).
import { createHash } from 'node:crypto';
import type { Client, estypes } from '@elastic/elasticsearch';
import dailyDefinition from '../../../../mappings/analytics-daily.json';
import journeyDaysDefinition from '../../../../mappings/analytics-journey-days.json';
import eventsTemplate from '../../../../mappings/analytics-events.json';
import eventKeysDefinition from '../../../../mappings/analytics-event-keys.json';
import rollupBatchesDefinition from '../../../../mappings/analytics-rollup-batches.json';

export interface AnalyticsIndices {
  /** Pattern over every month: what the raw-event questions search. */
  events: string;
  daily: string;
  /** Every stored event's key (its document id), with the month index that holds the event. */
  eventKeys: string;
  /** Markers of appends whose rollups were sent, and the catch-up's checkpoint. */
  rollupBatches: string;
  /** Pattern over every month's per-day journey summaries (mappings/analytics-journey-days.json). */
  journeyDays: string;
  /** The journey-day summaries of the events in one month index (YYYY.MM): dropped with it. */
  journeyDaysIndexFor(month: string): string;
  template: string;
  /** The month index an event with this timestamp (epoch ms) belongs to. */
  eventIndexFor(ts: number): string;
  /** The month index of a month (YYYY.MM). */
  eventIndexOfMonth(month: string): string;
  /** The month of a month index (YYYY.MM), or null for another name. */
  monthOf(index: string): string | null;
}

export function analyticsIndices(prefix: string): AnalyticsIndices {
  const eventsPrefix = `${prefix}-events-`;
  return {
    events: `${eventsPrefix}*`,
    daily: `${prefix}-daily`,
    eventKeys: `${prefix}-event-keys`,
    rollupBatches: `${prefix}-rollup-batches`,
    journeyDays: `${prefix}-journey-days-*`,
    journeyDaysIndexFor: (month) => `${prefix}-journey-days-${month}`,
    template: `${prefix}-events`,
    eventIndexFor(ts) {
      const date = new Date(ts);
      return `${eventsPrefix}${date.getUTCFullYear()}.${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    },
    eventIndexOfMonth: (month) => `${eventsPrefix}${month}`,
    monthOf(index) {
      return index.startsWith(eventsPrefix) && /^\d{4}\.\d{2}$/.test(index.slice(eventsPrefix.length)) ? index.slice(eventsPrefix.length) : null;
    },
  };
}

/** The document id of an event: its (environment, reporter, eventId) key, hashed to a fixed length. */
export function eventDocumentId(environment: string, reporter: string, eventId: string): string {
  return createHash('sha256').update(JSON.stringify([environment, reporter, eventId])).digest('base64url');
}

/** Installs the template (always, so a changed mapping applies to the next month) and the rollup indices. */
export async function ensureAnalyticsIndices(client: Client, indices: AnalyticsIndices): Promise<void> {
  const { _comment: _ignored, ...template } = eventsTemplate as Record<string, unknown>;
  await client.indices.putIndexTemplate({
    name: indices.template,
    ...(template as Omit<estypes.IndicesPutIndexTemplateRequest, 'name'>),
    index_patterns: [indices.events],
  });
  const { _comment: _about, settings, mappings } = journeyDaysDefinition as Record<string, unknown>;
  await client.indices.putIndexTemplate({
    name: `${indices.template}-journey-days`,
    priority: 200,
    index_patterns: [indices.journeyDays],
    template: { settings, mappings } as estypes.IndicesPutIndexTemplateRequest['template'],
  });
  await ensureIndex(client, indices.daily, dailyDefinition);
  await ensureIndex(client, indices.eventKeys, eventKeysDefinition);
  await ensureIndex(client, indices.rollupBatches, rollupBatchesDefinition);
  // Month indices made by an earlier template lack the fields added since (adding fields is allowed).
  const { properties } = (template as { template: { mappings: { properties: Record<string, estypes.MappingProperty> } } }).template.mappings;
  await client.indices.putMapping({
    index: indices.events,
    allow_no_indices: true,
    ignore_unavailable: true,
    properties: { batch: properties.batch, followed_by: properties.followed_by, crawl_purpose: properties.crawl_purpose },
  });
}

async function ensureIndex(client: Client, index: string, definitionFile: Record<string, unknown>): Promise<void> {
  if (await client.indices.exists({ index })) return;
  const { _comment: _unused, ...definition } = definitionFile;
  try {
    await client.indices.create({ index, ...(definition as Omit<estypes.IndicesCreateRequest, 'index'>) });
  } catch (error) {
    // Another process created it first.
    if ((error as { body?: { error?: { type?: string } } }).body?.error?.type !== 'resource_already_exists_exception') throw error;
  }
}
