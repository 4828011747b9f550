// Writes the run's totals to artifacts/<name>-summary.json so .ci/run can add every suite into one line.
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

class SummaryReporter {
  constructor(globalConfig, options = {}) {
    this.file = join(__dirname, '..', 'artifacts', `${options.name || 'jest'}-summary.json`);
  }
  onRunComplete(_contexts, results) {
    mkdirSync(join(this.file, '..'), { recursive: true });
    const failedSuites = results.numFailedTestSuites - results.testResults.filter((s) => s.numFailingTests > 0).length;
    writeFileSync(
      this.file,
      JSON.stringify({
        passed: results.numPassedTests,
        // A suite that fails to load runs no test; count it as one failure so it cannot hide.
        failed: results.numFailedTests + Math.max(failedSuites, 0),
        skipped: results.numPendingTests + results.numTodoTests,
      }),
    );
  }
}
module.exports = SummaryReporter;
