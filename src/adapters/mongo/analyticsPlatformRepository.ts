import type { Model } from 'mongoose';
import { ConflictError } from '../../domain/errors';
import type { AnalyticsPlatformRepository } from '../../ports/store';
import type { AnalyticsPlatformDoc } from './schemas/analyticsPlatformSchema';
import { guard } from './translateError';

export function createAnalyticsPlatformRepository(platforms: Model<AnalyticsPlatformDoc>): AnalyticsPlatformRepository {
  return {
    async add({ name, ...rest }) {
      await guard(
        () => platforms.create({ _id: name, ...rest }),
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
