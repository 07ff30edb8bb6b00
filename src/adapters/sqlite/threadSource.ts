// The code a worker thread starts with, for a thread body file beside its caller. Under tsx or jest
// the body is TypeScript and a new thread has no compiler hooked in yet, so the thread first
// registers tsx, for require() and for import() alike (a module loaded on first use, such as the
// MongoDB store, comes through import()); a built (dist/) file is required as it is.
import { extname } from 'node:path';

export function threadSource(bodyFile: string): string {
  return extname(bodyFile) === '.ts'
    ? `require('tsx/cjs/api').register(); require('tsx/esm/api').register(); require(${JSON.stringify(bodyFile)});`
    : `require(${JSON.stringify(bodyFile)});`;
}
