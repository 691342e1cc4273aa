import { Counter, Histogram, Registry } from 'prom-client';
import { Tally, Timings } from '../../../src/observability/request-tallies';

// The tallies replace prom-client's Counter and Histogram on the request path; a scraper must not
// be able to tell: the same observations give the same exposition text, byte for byte.

const BOUNDS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const LABEL_SETS = [
  { surface: 'chat', model: 'gpt-4o-mini' },
  { surface: 'messages', model: 'claude "quoted" \\ model\nline' },
  { surface: 'responses', model: '' },
];

it('a Tally renders exactly as a prom-client Counter given the same increments', async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const tally = new Tally('gw_test_total', 'A test counter.', ours);
  const counter = new Counter({ name: 'gw_test_total', help: 'A test counter.', labelNames: ['surface', 'model'], registers: [theirs] });
  for (let i = 0; i < 50; i++) {
    const labels = LABEL_SETS[i % LABEL_SETS.length]!;
    const n = i % 7 === 0 ? 1234567 : 1;
    tally.add(`${labels.surface}|${labels.model}`, () => labels, n);
    counter.inc(labels, n);
  }
  expect(await ours.metrics()).toBe(await theirs.metrics());
});

it('Timings render exactly as a prom-client Histogram: inclusive bounds, +Inf, _sum and _count', async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const timings = new Timings('gw_test_seconds', 'A test histogram.', BOUNDS, ours);
  const histogram = new Histogram({ name: 'gw_test_seconds', help: 'A test histogram.', labelNames: ['surface', 'model'], buckets: BOUNDS, registers: [theirs] });
  // On every bound exactly, between bounds, below the first and above the last.
  const values = [0, 0.001, ...BOUNDS, 0.07, 0.3, 3, 7, 100, 0.025, 5];
  values.forEach((v, i) => {
    const labels = LABEL_SETS[i % LABEL_SETS.length]!;
    timings.observe(`${labels.surface}|${labels.model}`, () => labels, v);
    histogram.observe(labels, v);
  });
  expect(await ours.metrics()).toBe(await theirs.metrics());
  const json = (await ours.getMetricsAsJSON())[0]!;
  const theirJson = (await theirs.getMetricsAsJSON())[0]!;
  // prom-client's typings leave out metricName, which its histograms do set.
  const pick = (v: { labels: object; value: number; metricName?: string }) => ({ labels: v.labels, value: v.value, metricName: v.metricName });
  expect(json.values.map(pick)).toEqual(theirJson.values.map(pick));
});

it('an unlabelled histogram, and a metric nothing was observed in, render as prom-client renders them', async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const timings = new Timings('gw_plain_seconds', 'Plain.', BOUNDS, ours);
  new Tally('gw_idle_total', 'Idle.', ours);
  const histogram = new Histogram({ name: 'gw_plain_seconds', help: 'Plain.', buckets: BOUNDS, registers: [theirs] });
  new Counter({ name: 'gw_idle_total', help: 'Idle.', labelNames: ['surface'], registers: [theirs] });
  for (const v of [0.0004, 0.2, 9]) {
    timings.observe('', () => ({}), v);
    histogram.observe(v);
  }
  expect(await ours.metrics()).toBe(await theirs.metrics());
});
