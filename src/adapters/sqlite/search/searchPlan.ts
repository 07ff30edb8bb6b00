// Turns a SearchQuery into the SQL of the embedded index: pure, no I/O, checked by golden tests.
// The page statement returns only row ids and scores; documents are read for the page alone, so
// the sorter never carries the JSON of every candidate.
import type { SearchQuery } from '../../../ports/searchIndex';
import { normalizeKeyword } from './documentRow';
import { boundingBox } from './geo';
import type { GenerationTables } from './indexTables';
import { matchExpression } from './matchExpression';

/** bm25 weights in FTS column order: name, category, services, tagline, description, exclusive. */
export const BM25_WEIGHTS = [4, 3, 2, 1.5, 1, 1] as const;

/** Registered on the connection by the adapter (see sqliteSearchIndex.ts). */
export const DISTANCE_FUNCTION = 'distance_km';

export interface SearchPlan {
  /** Rows: { rowId, textScore (higher is better, null without text), distanceKm (null without near) }. */
  pageSql: string;
  /** One row: { total }. */
  countSql: string;
  /** Named parameters for both statements (each ignores the ones it does not use). */
  params: Record<string, string | number>;
}

export function searchPlan(query: SearchQuery, tables: GenerationTables): SearchPlan {
  const params: Record<string, string | number> = { environment: query.environment };
  const where: string[] = [];
  const match = query.text === undefined ? null : matchExpression(query.text);
  if (match !== null) {
    where.push(`${tables.fts} MATCH @match`);
    params.match = match;
  }
  where.push('d.environment = @environment');
  addAnyOf(where, params, 'd.category_norm', 'category', (query.categories ?? []).map(normalizeKeyword));
  addKeyword(where, params, 'd.city_norm', 'city', query.city);
  addKeyword(where, params, 'd.state_norm', 'state', query.state);
  addKeyword(where, params, 'd.country_norm', 'country', query.country);
  addAnyOf(where, params, 'd.verification_level', 'verification', query.verificationLevels ?? []);
  if (query.maxPrice !== undefined) {
    // A document without a price never counts as "under $x".
    where.push('d.min_price <= @maxPrice');
    params.maxPrice = query.maxPrice;
  }
  if (query.minRating !== undefined) {
    where.push('d.average_rating >= @minRating');
    params.minRating = query.minRating;
  }
  const distance = `${DISTANCE_FUNCTION}(d.lat, d.lon, @nearLat, @nearLon)`;
  if (query.near) {
    const box = boundingBox({ lat: query.near.lat, lon: query.near.lon }, query.near.radiusKm);
    Object.assign(params, {
      nearLat: query.near.lat,
      nearLon: query.near.lon,
      radiusKm: query.near.radiusKm,
      minLat: box.minLat,
      maxLat: box.maxLat,
      minLon: box.minLon,
      maxLon: box.maxLon,
    });
    where.push('d.lat BETWEEN @minLat AND @maxLat');
    // The box crosses the antimeridian when its west edge is east of its east edge.
    where.push(box.minLon <= box.maxLon ? 'd.lon BETWEEN @minLon AND @maxLon' : '(d.lon >= @minLon OR d.lon <= @maxLon)');
    where.push(`${distance} <= @radiusKm`);
  }
  params.limit = Math.max(0, Math.trunc(query.limit));
  params.offset = Math.max(0, Math.trunc(query.offset));

  const from =
    match === null ? `${tables.documents} AS d` : `${tables.fts} JOIN ${tables.documents} AS d ON d.row_id = ${tables.fts}.rowid`;
  const textScore = match === null ? 'NULL' : `-bm25(${tables.fts}, ${BM25_WEIGHTS.join(', ')})`;
  const whereSql = where.join(' AND ');
  const pageSql =
    `SELECT d.row_id AS rowId, ${textScore} AS textScore, ${query.near ? distance : 'NULL'} AS distanceKm ` +
    `FROM ${from} WHERE ${whereSql} ORDER BY ${orderBy(query, match !== null)} LIMIT @limit OFFSET @offset`;
  const countSql = `SELECT COUNT(*) AS total FROM ${from} WHERE ${whereSql}`;
  return { pageSql, countSql, params };
}

/**
 * Every key, the id tie-break included, runs in the requested direction: one index per sort key
 * serves both orders, and Elasticsearch expresses the same with `[{key: order}, {id: order}]`.
 */
function orderBy(query: SearchQuery, hasText: boolean): string {
  const dir = query.order === 'asc' ? 'ASC' : 'DESC';
  const keys = ((): string[] => {
    switch (query.sort) {
      case 'relevance':
        return hasText ? ['textScore'] : ['d.ai_visibility_score'];
      case 'distance':
        // Without a point there is no distance: fall back to what relevance means here.
        if (query.near) return ['distanceKm'];
        return hasText ? ['textScore'] : ['d.ai_visibility_score'];
      case 'aiVisibilityScore':
        return ['d.ai_visibility_score'];
      case 'rating':
        return ['d.average_rating', 'd.review_count'];
      case 'name':
        return ['d.name_sort'];
    }
  })();
  return [...keys, 'd.id'].map((key) => `${key} ${dir}`).join(', ');
}

function addKeyword(where: string[], params: SearchPlan['params'], column: string, name: string, value?: string): void {
  if (value === undefined) return;
  where.push(`${column} = @${name}`);
  params[name] = normalizeKeyword(value);
}

function addAnyOf(where: string[], params: SearchPlan['params'], column: string, name: string, values: string[]): void {
  if (values.length === 0) return;
  const names = values.map((value, index) => {
    params[`${name}${index}`] = value;
    return `@${name}${index}`;
  });
  where.push(`${column} IN (${names.join(', ')})`);
}
