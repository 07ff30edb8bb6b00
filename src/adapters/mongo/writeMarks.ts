// MongoDB has no transaction to keep an idempotent request's journal with its write (the SQLite
// store does that), so a write there is bracketed by recovery points (idempotencyKeyRepository.ts)
// and carries a mark: the key's and the call's, kept in the document it writes with the last few
// marks of that document. When the process died between a write and the recovery point after it,
// the next holder redoes the call; the repository then finds the mark where the write went and
// answers what is stored instead of writing a second time.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Model, Schema } from 'mongoose';

/** How many marks a document keeps: enough for the writes that can land on it while a dead holder's retry comes. */
export const MARKS_KEPT = 16;

/** A stored record that keeps the marks of the idempotent writes that reached it. */
export interface CarriesMarks {
  writeMarks?: string[];
}

/** The schema path of the marks, and the index a redone insert finds its document by. */
export function keepsWriteMarks(schema: Schema): void {
  schema.add({ writeMarks: { type: [String], default: undefined } });
  schema.index({ writeMarks: 1 });
}

interface CurrentWrite {
  mark: string;
  /** The call is a redo: its write may have happened already. */
  redo: boolean;
}

export interface WriteMarks {
  run<T>(write: CurrentWrite, work: () => Promise<T>): Promise<T>;
  /** The marks a document written now keeps: its earlier ones and this write's (undefined outside an idempotent request). */
  carried(earlier?: readonly string[]): string[] | undefined;
  /** For an update: the `$push` that adds this write's mark (empty outside an idempotent request). */
  pushed(): { writeMarks?: { $each: string[]; $slice: number } };
  /** For a redone write: the document it already wrote (its mark, within `filter`); null, without a query, for any other write. */
  redone<T>(model: Model<T>, filter?: Record<string, unknown>): Promise<T | null>;
}

export function createWriteMarks(): WriteMarks {
  const context = new AsyncLocalStorage<CurrentWrite>();
  return {
    run: (write, work) => context.run(write, work),
    carried(earlier) {
      const write = context.getStore();
      if (!write) return earlier ? [...earlier] : undefined;
      return [...(earlier ?? []).filter((mark) => mark !== write.mark), write.mark].slice(-MARKS_KEPT);
    },
    pushed() {
      const write = context.getStore();
      return write ? { writeMarks: { $each: [write.mark], $slice: -MARKS_KEPT } } : {};
    },
    async redone<T>(model: Model<T>, filter: Record<string, unknown> = {}) {
      const write = context.getStore();
      if (!write?.redo) return null;
      return (await model.findOne({ ...filter, writeMarks: write.mark }).lean()) as T | null;
    },
  };
}
