// A small Prometheus registry (text format 0.0.4). Features record through `metrics(ctx)`; GET /metrics
// exposes it when METRICS_ENABLED=true.
import { perApp, type AppContext } from './context';

type Labels = Record<string, string>;
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

const key = (labels: Labels) =>
  Object.keys(labels)
    .sort()
    .map((k) => `${k}="${labels[k]!.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');

interface Histogram {
  buckets: number[];
  sum: number;
  count: number;
}

export class Metrics {
  private counters = new Map<string, Map<string, number>>();
  private histograms = new Map<string, Map<string, Histogram>>();
  private gauges = new Map<string, Map<string, () => number | Promise<number>>>();
  private help = new Map<string, string>();

  inc(name: string, labels: Labels = {}, by = 1, help?: string): void {
    if (help) this.help.set(name, help);
    const series = this.counters.get(name) ?? new Map<string, number>();
    this.counters.set(name, series);
    const k = key(labels);
    series.set(k, (series.get(k) ?? 0) + by);
  }

  observe(name: string, seconds: number, labels: Labels = {}, help?: string): void {
    if (help) this.help.set(name, help);
    const series = this.histograms.get(name) ?? new Map<string, Histogram>();
    this.histograms.set(name, series);
    const k = key(labels);
    const h = series.get(k) ?? { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
    series.set(k, h);
    BUCKETS.forEach((b, i) => {
      if (seconds <= b) h.buckets[i]!++;
    });
    h.sum += seconds;
    h.count++;
  }

  /** A value read at scrape time (index size, documents, …); registering the same series again replaces it. */
  gauge(name: string, read: () => number | Promise<number>, help?: string, labels: Labels = {}): void {
    if (help) this.help.set(name, help);
    const series = this.gauges.get(name) ?? new Map<string, () => number | Promise<number>>();
    this.gauges.set(name, series);
    series.set(key(labels), read);
  }

  async render(): Promise<string> {
    const out: string[] = [];
    const head = (name: string, type: string) => {
      if (this.help.has(name)) out.push(`# HELP ${name} ${this.help.get(name)}`);
      out.push(`# TYPE ${name} ${type}`);
    };
    for (const [name, series] of this.counters) {
      head(name, 'counter');
      for (const [k, v] of series) out.push(`${name}${k ? `{${k}}` : ''} ${v}`);
    }
    for (const [name, series] of this.histograms) {
      head(name, 'histogram');
      for (const [k, h] of series) {
        const sep = k ? ',' : '';
        BUCKETS.forEach((b, i) => out.push(`${name}_bucket{${k}${sep}le="${b}"} ${h.buckets[i]}`));
        out.push(`${name}_bucket{${k}${sep}le="+Inf"} ${h.count}`);
        out.push(`${name}_sum${k ? `{${k}}` : ''} ${h.sum}`);
        out.push(`${name}_count${k ? `{${k}}` : ''} ${h.count}`);
      }
    }
    for (const [name, series] of this.gauges) {
      head(name, 'gauge');
      for (const [k, read] of series) {
        let value: number;
        try {
          value = await read();
        } catch {
          value = NaN;
        }
        out.push(`${name}${k ? `{${k}}` : ''} ${value}`);
      }
    }
    return out.join('\n') + '\n';
  }
}

export const metrics = perApp((_ctx: AppContext) => new Metrics());
