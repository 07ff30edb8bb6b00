import type { Model } from 'mongoose';
import { ConflictError } from '../../domain/errors';
import type { AnalyticsPlatformRepository } from '../../ports/store';
import type { AnalyticsPlatformDoc } from './schemas/analyticsPlatformSchema';
import { guard } from './translateError';
import type { WriteMarks } from './writeMarks';

export function createAnalyticsPlatformRepository(platforms: Model<AnalyticsPlatformDoc>, marks: WriteMarks): AnalyticsPlatformRepository {
  return {
    async add({ name, ...rest }) {
      const redone = await guard(() => marks.redone(platforms, { _id: name }));
      if (redone) return { name: redone._id, displayName: redone.displayName, createdBy: redone.createdBy, createdAt: redone.createdAt };
      await guard(
        () => platforms.create({ _id: name, ...rest, writeMarks: marks.carried() }),
        () => new ConflictError('DUPLICATE_PLATFORM', `The AI platform "${name}" is registered already`, { field: 'name' }),
      );
      return { name, ...rest };
    },
    list: () =>
      guard(async () => {
        const docs = await platforms.find({}).sort({ _id: 1 }).lean<AnalyticsPlatformDoc[]>();
        return docs.map(({ _id, displayName, createdBy, createdAt }) => ({ name: _id, displayName, createdBy, createdAt }));
      }),
    has: (name) => guard(async () => (await platforms.exists({ _id: name })) !== null),
  };
}
