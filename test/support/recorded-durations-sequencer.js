// Runs the slowest test files first, so that no worker is still busy with a long file after the
// others have run out of work. Jest does this by itself from its cache of the last run's times,
// but a clean clone (CI) has no cache: jest then orders by file size, which says little here (a
// short file may start three gateway processes), and a slow file picked last stretched the run by
// up to a minute. Files the local cache knows keep jest's own figure; the rest take the time
// recorded in test-durations.json (refresh it with `RECORD_TEST_DURATIONS=1 npm test`, and the
// same for `npm run test:e2e`); files in neither (new ones) count as a typical file.
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const recorded = require('./test-durations.json');

const TYPICAL_MS = 8000;

class RecordedDurationsSequencer extends Sequencer {
  time(test) {
    return super.time(test) ?? recorded[relative(test.context.config.rootDir, test.path)] ?? TYPICAL_MS;
  }
}

module.exports = RecordedDurationsSequencer;
