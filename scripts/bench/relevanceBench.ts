// npm run bench:relevance: the hand-judged relevance set (test/relevance) on the embedded index and,
// with ELASTICSEARCH_URL (or a local engine the test harness can start: RELEVANCE_ES=start), on
// Elasticsearch. Prints NDCG@10, precision@1, recall@10 and the zero-result rate per engine, and
// every query that falls short. Reported, never a gate.
import { createElasticsearchIndex } from '../../src/adapters/elasticsearch/elasticsearchIndex';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import type { SearchIndex } from '../../src/ports/searchIndex';
import { startElasticsearch } from '../../test/harness/elasticsearch';
import { loadRelevanceCorpus, RELEVANCE_GROUPS, relevanceGroup, runRelevance, summariseRelevance } from '../../test/relevance/relevanceRun';

async function report(engine: string, index: SearchIndex): Promise<void> {
  await loadRelevanceCorpus(index);
  const outcomes = await runRelevance(index);
  const summary = summariseRelevance(outcomes);
  console.log(
    `${engine}: ${summary.queries} queries  NDCG@10 ${summary.ndcgAt10.toFixed(3)}  P@1 ${summary.precisionAt1.toFixed(3)}  ` +
      `recall@10 ${summary.recallAt10.toFixed(3)}  zero-result rate ${summary.zeroResultRate.toFixed(3)}  ` +
      `honest none ${summary.honestNone}/${summary.noneQueries}`,
  );
  for (const [group, label] of RELEVANCE_GROUPS) {
    const part = summariseRelevance(outcomes.filter((o) => relevanceGroup(o.qid) === group));
    if (part.queries === 0) continue;
    const matched = outcomes.filter((o) => relevanceGroup(o.qid) === group && o.precisionAt1 === undefined).reduce((sum, o) => sum + o.answered.length, 0);
    console.log(
      `  ${label.padEnd(34)} ${String(part.queries).padStart(3)} queries  NDCG@10 ${part.ndcgAt10.toFixed(3)}  P@1 ${part.noneQueries < part.queries ? part.precisionAt1.toFixed(3) : '  -  '}` +
        `  honest none ${part.honestNone}/${part.noneQueries}${part.noneQueries > 0 ? ` (${matched} matches)` : ''}`,
    );
  }
  for (const o of outcomes) {
    if (o.ndcg < 1) console.log(`  ${o.qid} ${JSON.stringify(o.sentence)} NDCG ${o.ndcg.toFixed(2)} answered ${JSON.stringify(o.answered)}`);
  }
}

async function main(): Promise<void> {
  const sqlite = createSqliteSearchIndex({ file: ':memory:' });
  await report('embedded (SQLite)', sqlite);
  await sqlite.close();
  const started = !process.env.ELASTICSEARCH_URL && process.env.RELEVANCE_ES === 'start' ? await startElasticsearch() : undefined;
  const url = process.env.ELASTICSEARCH_URL ?? started?.url;
  if (!url) {
    console.log('Elasticsearch: skipped (set ELASTICSEARCH_URL, or RELEVANCE_ES=start to start a local engine)');
    return;
  }
  const alias = `relevance_${process.pid}`;
  const es = createElasticsearchIndex({ node: url, alias });
  try {
    await report('Elasticsearch', es);
  } finally {
    await es.close();
    await started?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
