// The error table moved to domain/errorCodes.ts (a DomainError's code is typed by it); this
// re-export keeps imports of the old place compiling while branches move over.
export { ERROR_CODES, codesWithStatus, type ErrorCode, type ErrorCodeInfo } from '../domain/errorCodes';
