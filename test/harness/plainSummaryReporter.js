// Prints the run's outcome as one plain line ("Tests: N passed, N failed, N skipped") that
// CI systems can read without knowing jest's own summary format.
class PlainSummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(`\nTests: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

module.exports = PlainSummaryReporter;
