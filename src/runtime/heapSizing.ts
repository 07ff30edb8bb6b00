// How the API process sizes V8's heap: imported by the entry point before the rest of the server.
//
// Old generation: V8 sizes the heap for the machine (a 4 GiB limit here) and lets the old
// generation grow to four times what the last full collection left: under the mixed soak the main
// thread reserved 380-410 MiB to hold 50-80 MiB of live objects. A factor of 1.5, with the young
// generation bounded where the server is launched (--max-semi-space-size=8: package.json's start
// and start:prod, the Dockerfile, the benchmarks' server), held it at 120-130 MiB and the process
// at 480-510 MiB instead of 770-800 (3 000 businesses, 150 s, load 19-28), for five times as many
// young-generation collections and CPU per request within the run-to-run noise. A growth factor,
// not a cap: a process that needs more heap still gets it. V8 reads it at every full collection;
// NODE_OPTIONS cannot carry it, so it is set here.
//
// Young generation: loading the server's modules allocates fast enough that V8 doubles it to its
// largest (64 MiB here, without the launch flag) and keeps it, empty, while the server idles. It
// stays at its first size until the server listens (servingHeap), then grows as V8 decides: an
// idle server on an empty data dir held 147 MiB instead of 186, for about 4 % more CPU to start.
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;
/** V8's own factor, by which the young generation doubles when collections keep much of it. */
const YOUNG_GENERATION_GROWTH = 2;

// An operator's own setting on the command line wins.
if (!process.execArgv.some((flag) => flag.startsWith('--heap-growing-percent'))) setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
setFlagsFromString('--semi-space-growth-factor=1');

/** Start-up is over: the young generation may grow with the load again. */
export function servingHeap(): void {
  setFlagsFromString(`--semi-space-growth-factor=${YOUNG_GENERATION_GROWTH}`);
}
