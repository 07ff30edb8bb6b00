// GET /business/profile: one page of the caller's own profiles.
import type { SchemaObject } from 'ajv';
import { cursorPageQuerySchema } from '../parts/cursorPaging';

export const listOwnedProfilesQuerySchema: SchemaObject = cursorPageQuerySchema(100, 20);
