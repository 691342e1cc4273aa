// With RECORD_TEST_DURATIONS=1, writes each test file's run time (ms) into test-durations.json,
// which the sequencer reads to start the slowest files first. Files not run keep their entry.
const { readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const FILE = join(__dirname, 'test-durations.json');

class DurationsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    if (!process.env.RECORD_TEST_DURATIONS) return;
    const durations = JSON.parse(readFileSync(FILE, 'utf8'));
    for (const r of results.testResults) {
      if (r.testExecError || r.skipped) continue;
      durations[relative(this.rootDir, r.testFilePath)] = Math.round(r.perfStats.end - r.perfStats.start);
    }
    const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(FILE, `${JSON.stringify(sorted, null, 1)}\n`);
  }
}

module.exports = DurationsReporter;
