// How many records matching a filter were made at or after a moment, and when the oldest of them
// was: the per-reporter windows of the report repositories (summary and information reports).
import type { Model } from 'mongoose';

export async function madeSince<Doc extends { createdAt: string }>(model: Model<Doc>, filter: Record<string, unknown>, since: string): Promise<{ count: number; oldest?: string }> {
  const window = { ...filter, createdAt: { $gte: since } };
  const [count, oldest] = await Promise.all([
    model.countDocuments(window),
    model.findOne(window).sort({ createdAt: 1 }).select({ createdAt: 1 }).lean<Pick<Doc, 'createdAt'>>(),
  ]);
  return { count, ...(oldest && { oldest: oldest.createdAt }) };
}
