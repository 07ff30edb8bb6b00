// What one batch (or one purge) changes in the peer totals (peerJourneyFacts.ts), grouped in
// memory first so each stored row or document is touched once, whatever engine keeps them:
// per business and local day (impressions, citations, journey days, conversion days), the same
// per calendar month, and the links between consecutive journey days. Counts with an owner
// (journeys: see peerJourneyFacts.ts) are kept apart per owner; impressions and citations have
// none ('') since retention never takes them away.
import type { Environment } from '../profile';
import { journeyFactChanges, withJourneyDays, type JourneyDayPresence, type JourneyFactChange } from './peerJourneyFacts';
import type { RollupDelta } from './rollupDeltas';

export interface PeerCounts {
  impressions: number;
  citations: number;
  journeys: number;
  converted: number;
}

export interface PeerPeriodDelta extends PeerCounts {
  environment: Environment;
  businessId: string;
  /** YYYY-MM-DD for a day, YYYY-MM for a month. */
  period: string;
  owner: string;
}

export interface PeerLinkDelta {
  environment: Environment;
  businessId: string;
  conversion: boolean;
  earlier: string;
  later: string;
  owner: string;
  journeys: number;
}

export interface PeerTotalDeltas {
  /** Impressions and citations of a business's day. */
  addCounts(environment: Environment, businessId: string, localDate: string, counts: Pick<PeerCounts, 'impressions' | 'citations'>): void;
  /** A journey's fact changes. */
  addJourneyChanges(environment: Environment, businessId: string, changes: readonly JourneyFactChange[]): void;
  days(): PeerPeriodDelta[];
  months(): PeerPeriodDelta[];
  links(): PeerLinkDelta[];
}

function isZero(delta: PeerCounts): boolean {
  return delta.impressions === 0 && delta.citations === 0 && delta.journeys === 0 && delta.converted === 0;
}

export function createPeerTotalDeltas(): PeerTotalDeltas {
  const days = new Map<string, PeerPeriodDelta>();
  const months = new Map<string, PeerPeriodDelta>();
  const links = new Map<string, PeerLinkDelta>();
  const periodsOf = (environment: Environment, businessId: string, localDate: string, owner: string): PeerPeriodDelta[] =>
    ([[days, localDate], [months, localDate.slice(0, 7)]] as const).map(([map, period]) => {
      const key = `${environment}\u0000${businessId}\u0000${period}\u0000${owner}`;
      let delta = map.get(key);
      if (!delta) map.set(key, (delta = { environment, businessId, period, owner, impressions: 0, citations: 0, journeys: 0, converted: 0 }));
      return delta;
    });

  return {
    addCounts(environment, businessId, localDate, counts) {
      if (counts.impressions === 0 && counts.citations === 0) return;
      for (const delta of periodsOf(environment, businessId, localDate, '')) {
        delta.impressions += counts.impressions;
        delta.citations += counts.citations;
      }
    },
    addJourneyChanges(environment, businessId, changes) {
      for (const change of changes) {
        if (change.kind === 'day') {
          for (const delta of periodsOf(environment, businessId, change.day, change.owner)) {
            if (change.conversion) delta.converted += change.change;
            else delta.journeys += change.change;
          }
          continue;
        }
        const key = `${environment}\u0000${businessId}\u0000${change.conversion}\u0000${change.earlier}\u0000${change.day}\u0000${change.owner}`;
        let link = links.get(key);
        if (!link) links.set(key, (link = { environment, businessId, conversion: change.conversion, earlier: change.earlier as string, later: change.day, owner: change.owner, journeys: 0 }));
        link.journeys += change.change;
      }
    },
    days: () => [...days.values()].filter((delta) => !isZero(delta)),
    months: () => [...months.values()].filter((delta) => !isZero(delta)),
    links: () => [...links.values()].filter((link) => link.journeys !== 0),
  };
}

/** A batch's per-day journey summary with the owner of its events (see peerJourneyFacts.ts). */
export interface OwnedJourneyDay {
  environment: Environment;
  businessId: string;
  journeyId: string;
  localDate: string;
  firstConversionAt: number | null;
  owner: string;
}

/**
 * Adds a batch to `peer`: impressions and citations from its daily count deltas, and for each
 * journey it touched, the fact changes between its stored days (`storedDays`, read before the
 * batch's journey days are written) and those days with the batch's added.
 */
export function addBatchToPeerTotals(
  peer: PeerTotalDeltas,
  rollups: readonly RollupDelta[],
  journeyDays: readonly OwnedJourneyDay[],
  storedDays: (environment: Environment, businessId: string, journeyId: string) => JourneyDayPresence[],
): void {
  for (const delta of rollups) {
    if (delta.type === 'impression') peer.addCounts(delta.environment, delta.businessId, delta.localDate, { impressions: delta.events, citations: 0 });
    else if (delta.type === 'citation') peer.addCounts(delta.environment, delta.businessId, delta.localDate, { impressions: 0, citations: delta.events });
  }
  const byJourney = new Map<string, OwnedJourneyDay[]>();
  for (const day of journeyDays) {
    const key = `${day.environment}\u0000${day.businessId}\u0000${day.journeyId}`;
    const list = byJourney.get(key);
    if (list) list.push(day);
    else byJourney.set(key, [day]);
  }
  for (const days of byJourney.values()) {
    const { environment, businessId, journeyId } = days[0];
    const before = storedDays(environment, businessId, journeyId);
    const added = days.map((day) => ({ day: day.localDate, owner: day.owner, conversionOwner: day.firstConversionAt === null ? null : day.owner }));
    peer.addJourneyChanges(environment, businessId, journeyFactChanges(before, withJourneyDays(before, added)));
  }
}
