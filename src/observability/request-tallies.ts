import type { Registry } from 'prom-client';

/**
 * Per-request counting at the cost of a Map lookup and an addition. prom-client's own
 * `counter.labels(...).inc()` validates and hashes the label object again on every call (about
 * 0.5 µs for a counter and 0.7 µs for a histogram on this machine; seven of them per request).
 * These keep plain numbers per label set, keyed by a string the caller builds, and render them in
 * prom-client's metric-object shape only when the registry is scraped, so the exposition (names,
 * labels, cumulative buckets, _sum and _count) is exactly what prom-client writes for its own.
 */

type Labels = Record<string, string>;

interface MetricValue {
  labels: Record<string, string | number>;
  /** Rendered after `labels`, as prom-client renders a histogram's own labels after `le`. */
  sharedLabels?: Labels;
  value: number;
  metricName?: string;
}

interface MetricObject {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: MetricValue[];
}

/** What prom-client's Registry needs of a metric: registerMetric's argument, read by metrics() (text) and getMetricsAsJSON(). */
interface RegistrableMetric {
  name: string;
  type: string;
  get(): MetricObject;
  getForPromString?(): MetricObject;
}

function register(registry: Registry, metric: RegistrableMetric): void {
  // prom-client accepts any object with `name` and `get()`; its typings only name its own classes.
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
}

/** A counter with labels. `labels` is called once per new label set, never on the hot path. */
export class Tally implements RegistrableMetric {
  readonly type = 'counter';
  private readonly series = new Map<string, { labels: Labels; value: number }>();

  constructor(readonly name: string, readonly help: string, registry: Registry) {
    register(registry, this);
  }

  add(key: string, labels: () => Labels, n = 1): void {
    const series = this.series.get(key);
    if (series) series.value += n;
    else this.series.set(key, { labels: labels(), value: n });
  }

  get(): MetricObject {
    const values: MetricValue[] = [];
    for (const s of this.series.values()) values.push({ labels: s.labels, value: s.value });
    return { name: this.name, help: this.help, type: 'counter', aggregator: 'sum', values };
  }
}

/** A histogram with labels: one bucket count per bound (not cumulative until rendered), sum and count. */
export class Timings implements RegistrableMetric {
  readonly type = 'histogram';
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();

  constructor(readonly name: string, readonly help: string, private readonly bounds: readonly number[], registry: Registry) {
    register(registry, this);
  }

  observe(key: string, labels: () => Labels, value: number): void {
    let series = this.series.get(key);
    if (!series) {
      series = { labels: labels(), counts: new Array<number>(this.bounds.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    // Bounds are few and sorted; `le` is inclusive, as in prom-client.
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]!) i++;
    series.counts[i]!++;
    series.sum += value;
    series.count++;
  }

  /** The text exposition: the same lines, in the same order, as prom-client's Histogram writes. */
  getForPromString(): MetricObject {
    const values: MetricValue[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      for (let i = 0; i < this.bounds.length; i++) {
        cumulative += s.counts[i]!;
        values.push({ labels: { le: this.bounds[i]! }, sharedLabels: s.labels, value: cumulative, metricName: `${this.name}_bucket` });
      }
      values.push({ labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: 'histogram', aggregator: 'sum', values };
  }

  /** The JSON form (getMetricsAsJSON): labels merged, as prom-client's get() answers. */
  get(): MetricObject {
    const text = this.getForPromString();
    return { ...text, values: text.values.map(({ labels, sharedLabels, value, metricName }) => ({ labels: { ...sharedLabels, ...labels }, value, metricName })) };
  }
}
