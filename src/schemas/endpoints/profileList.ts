// GET /business/profile: one page of the caller's own profiles.
import { cursorPageQuerySchema } from '../parts/cursorPaging';

export const listOwnedProfilesQuerySchema = cursorPageQuerySchema(100, 20);
