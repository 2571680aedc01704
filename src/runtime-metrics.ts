// Process and runtime series for /metrics, read at scrape time: memory, CPU, event-loop delay, start
// time, and a build-info series naming the version and the runtime. Bun has no GC event stream
// (node's PerformanceObserver 'gc' entries are not emitted), so heap size stands in for GC pressure.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Metrics } from './metrics';

const startedAt = Date.now() / 1000;

export function registerRuntimeMetrics(m: Metrics, build: { version: string }): void {
  m.gauge('process_resident_memory_bytes', () => process.memoryUsage().rss, 'Resident memory of the server process');
  m.gauge('process_heap_bytes', () => process.memoryUsage().heapUsed, 'JavaScript heap in use', { kind: 'used' });
  m.gauge('process_heap_bytes', () => process.memoryUsage().heapTotal, 'JavaScript heap in use', { kind: 'total' });
  m.gauge(
    'process_cpu_seconds_total',
    () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1e6;
    },
    'User and system CPU time of the server process',
  );
  m.gauge('process_start_time_seconds', () => startedAt, 'Start time of the process since the Unix epoch');
  // Event-loop delay over the interval since the previous scrape (sampled every 20 ms).
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  let snapshot = { p50: 0, p99: 0, max: 0, at: 0 };
  const read = () => {
    // one reading per scrape: the three series share it, then the histogram starts over
    if (Date.now() - snapshot.at > 1000) {
      snapshot = { p50: delay.percentile(50) / 1e9, p99: delay.percentile(99) / 1e9, max: delay.max / 1e9, at: Date.now() };
      delay.reset();
    }
    return snapshot;
  };
  m.gauge('event_loop_delay_seconds', () => read().p50, 'Event-loop delay since the last scrape', { quantile: '0.5' });
  m.gauge('event_loop_delay_seconds', () => read().p99, 'Event-loop delay since the last scrape', { quantile: '0.99' });
  m.gauge('event_loop_delay_seconds', () => read().max, 'Event-loop delay since the last scrape', { quantile: '1' });
  const runtime = typeof Bun !== 'undefined' ? { runtime: 'bun', runtime_version: Bun.version } : { runtime: 'node', runtime_version: process.versions.node };
  m.gauge('ask_reg_build_info', () => 1, 'Version and runtime of this build (value is always 1)', { version: build.version, ...runtime });
}
