// How tests start one of our TypeScript entry points as a process: `node --import tsx FILE`, one
// process. Not the tsx CLI, which runs the script in a child and, on SIGTERM, SIGKILLs that child
// (exit 143) when it does not acknowledge the signal within 30 ms twice, as happens on a loaded
// machine; a clean-shutdown test must see the process's own exit code.
export const TYPESCRIPT_ENTRY = ['--import', 'tsx'] as const;
