// Watches what Elasticsearch holds for the fault run's writer profiles, four times a second,
// straight from the index (not through the API): the write number in each one's tagline, and when
// each number first became visible, for the index lag of every acknowledged write.
const EVERY_MS = 250;

export function indexSampler(elasticsearchUrl: string, profileIds: string[], alias = 'profiles') {
  const seen = new Map<string, Array<{ at: number; n: number }>>(profileIds.map((id) => [id, []]));
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void fetch(`${elasticsearchUrl}/${alias}/_mget?_source_includes=tagline`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids: profileIds.map((id) => `live:${id}`) }),
      signal: AbortSignal.timeout(2_000),
    })
      .then(async (response) => {
        if (!response.ok) return;
        const { docs } = (await response.json()) as { docs: Array<{ _id: string; found: boolean; _source?: { tagline?: string } }> };
        for (const doc of docs) {
          if (!doc.found) continue;
          const id = doc._id.slice('live:'.length);
          const n = Number(String(doc._source?.tagline ?? '').split('#')[1] ?? 0);
          const history = seen.get(id) as Array<{ at: number; n: number }>;
          if (history.at(-1)?.n !== n) history.push({ at: Date.now(), n });
        }
      })
      // Elasticsearch is down (the fault run restarts it): sampled again next time.
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, EVERY_MS);
  return {
    /** The write number the index holds now for the profile (0: not indexed). */
    visible: (id: string) => seen.get(id)?.at(-1)?.n ?? 0,
    /** When the index first held write `n` or a later one. */
    firstSeen: (id: string, n: number) => seen.get(id)?.find((entry) => entry.n >= n)?.at,
    stop: () => clearInterval(timer),
  };
}
