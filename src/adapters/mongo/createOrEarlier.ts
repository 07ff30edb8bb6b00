// Stores a report as one document, or, when a unique index says the same reporter already has
// one, answers that earlier report instead: the deduplication of the report repositories
// (summary and information reports).
import type { Model } from 'mongoose';
import { duplicateKeyIndex } from './translateError';

export async function createOrEarlier<Record extends { id: string }, Doc extends { _id: string }>(
  model: Model<Doc>,
  record: Record,
  earlierFilter: { [field: string]: unknown },
  fromDoc: (doc: Doc) => Record,
): Promise<{ report: Record; created: boolean }> {
  const { id, ...fields } = record;
  try {
    await model.create({ _id: id, ...fields } as unknown as Doc); // mongoose's create types cannot follow a generic record's fields
    return { report: structuredClone(record), created: true };
  } catch (error) {
    if (duplicateKeyIndex(error) === undefined) throw error;
    const earlier = await model.findOne(earlierFilter).lean<Doc>();
    if (!earlier) throw error;
    return { report: fromDoc(earlier), created: false };
  }
}
