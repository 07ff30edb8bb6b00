// The MongoDB side of the category-keys backfill (the SQLite side is adapters/sqlite/store/
// categoryBackfill.ts, with the same result): profiles stored before their category's taxonomy keys
// existed, or computed with another taxonomy version, get them at start. The update reaches the
// indexer through the change stream like any write; version and updatedAt stay (the owner changed
// nothing). Two processes starting together write the same values, so running twice is harmless.
import type { AnyBulkWriteOperation, Model } from 'mongoose';
import { categoryFieldsOf } from '../../domain/categories/canonicalCategory';
import { taxonomyVersion } from '../../domain/categories/taxonomy';
import type { BusinessDoc } from './schemas/businessSchema';

const BATCH = 1000;

/** Returns how many profiles got new keys. */
export async function backfillCategoryKeys(businesses: Model<BusinessDoc>): Promise<number> {
  const version = taxonomyVersion();
  const cursor = businesses.collection.find({ categoryTaxonomy: { $ne: version } }, { projection: { _id: 1, category: 1 } });
  let operations: AnyBulkWriteOperation[] = [];
  let updated = 0;
  const flush = async () => {
    if (operations.length === 0) return;
    await businesses.collection.bulkWrite(operations as never, { ordered: false });
    updated += operations.length;
    operations = [];
  };
  for await (const doc of cursor) {
    const { categoryKeys, categoryTaxonomy } = categoryFieldsOf(String(doc.category ?? ''));
    operations.push({ updateOne: { filter: { _id: doc._id }, update: { $set: { categoryKeys, categoryTaxonomy } } } });
    if (operations.length >= BATCH) await flush();
  }
  await flush();
  return updated;
}
