// "From the beginning of retained history" on MongoDB: the time of the oldest entry the oplog
// still holds. A change stream started there replays every retained change of the collection.
import mongoose, { type mongo } from 'mongoose';

type MongoClient = mongo.MongoClient;
type Timestamp = mongo.Timestamp;

/**
 * The oldest retained oplog time, or null when the oplog cannot be read (a user without read
 * access to the `local` database). An empty oplog (only on a fresh test server) starts at zero.
 */
export async function oldestOplogTime(client: MongoClient): Promise<Timestamp | null> {
  try {
    const first = await client
      .db('local')
      .collection<{ ts: Timestamp }>('oplog.rs')
      .find({}, { projection: { ts: 1 } })
      .sort({ $natural: 1 })
      .limit(1)
      .next();
    return first?.ts ?? new mongoose.mongo.Timestamp({ t: 0, i: 1 });
  } catch {
    return null;
  }
}
