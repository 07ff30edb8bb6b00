// Benchmarks compare a business with hundreds of peers over any range of local days, so each
// peer's totals must come from a few summary rows, never from its journeys. Impressions and
// citations add up day by day; journeys do not (a journey with events on three days is one
// journey), so they are kept as two sums that do:
//   - a `day` fact, +1 for every (journey, local day with one of its events);
//   - a `link` fact, +1 for every two consecutive such days of one journey (earlier, later).
// A journey's days inside a range [from, to] are a run of consecutive ones in its sorted list, so
// its days in the range minus its links with both ends in the range is 1 when it has any and 0
// when it has none:
//   journeys(from, to) = Σ day facts with from <= day <= to − Σ link facts with from <= earlier, later <= to.
// Converted journeys alike, over the days with a conversion. Each fact names an `owner`, the part
// of storage whose removal takes it away (Elasticsearch: the raw month of the day's latest event,
// dropped by retention; SQLite recounts what a purge touched and uses '').

/** One day of a journey with events, as stored. */
export interface JourneyDayPresence {
  /** Local day, YYYY-MM-DD. */
  day: string;
  /** Who owns the day's presence (see above). */
  owner: string;
  /** Owner of the day's conversions, or null when the day has none. */
  conversionOwner: string | null;
}

export interface JourneyFactChange {
  kind: 'day' | 'link';
  /** Counted over the days with a conversion (converted journeys) rather than any event (journeys). */
  conversion: boolean;
  /** The day; for a link, its later day. */
  day: string;
  /** Links only: the earlier day. */
  earlier: string | null;
  owner: string;
  /** How much the fact's count changes (negative when it goes). */
  change: number;
}

function factsOf(days: readonly JourneyDayPresence[], sign: number, into: Map<string, JourneyFactChange>): void {
  const add = (kind: 'day' | 'link', conversion: boolean, day: string, earlier: string | null, owner: string) => {
    const key = `${kind}\u0000${conversion}\u0000${earlier ?? ''}\u0000${day}\u0000${owner}`;
    const fact = into.get(key);
    if (fact) fact.change += sign;
    else into.set(key, { kind, conversion, day, earlier, owner, change: sign });
  };
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
  let previous: JourneyDayPresence | undefined;
  let previousConversion: JourneyDayPresence | undefined;
  for (const presence of sorted) {
    add('day', false, presence.day, null, presence.owner);
    if (previous) add('link', false, presence.day, previous.day, previous.owner);
    previous = presence;
    if (presence.conversionOwner === null) continue;
    add('day', true, presence.day, null, presence.conversionOwner);
    if (previousConversion) add('link', true, presence.day, previousConversion.day, previousConversion.conversionOwner as string);
    previousConversion = presence;
  }
}

/** What changes in a journey's facts when its days go from `before` to `after` (unchanged facts left out). */
export function journeyFactChanges(before: readonly JourneyDayPresence[], after: readonly JourneyDayPresence[]): JourneyFactChange[] {
  const facts = new Map<string, JourneyFactChange>();
  factsOf(before, -1, facts);
  factsOf(after, 1, facts);
  return [...facts.values()].filter((fact) => fact.change !== 0);
}

/** `stored` with a batch's days of the same journey added (a day converted when either says so). */
export function withJourneyDays(stored: readonly JourneyDayPresence[], added: readonly JourneyDayPresence[]): JourneyDayPresence[] {
  const byDay = new Map(stored.map((presence) => [presence.day, { ...presence }]));
  for (const presence of added) {
    const seen = byDay.get(presence.day);
    if (!seen) byDay.set(presence.day, { ...presence });
    else {
      // Owners are ordered (raw months as YYYY.MM, or ''): the later one keeps the day.
      if (presence.owner > seen.owner) seen.owner = presence.owner;
      if (presence.conversionOwner !== null && (seen.conversionOwner === null || presence.conversionOwner > seen.conversionOwner)) seen.conversionOwner = presence.conversionOwner;
    }
  }
  return [...byDay.values()];
}
