/**
 * Reading the Prometheus text exposition in tests with a real parser (parse-prometheus-text-format), so a
 * malformed `/metrics` fails the test instead of passing a regex.
 */
import { createRequire } from 'node:module';

export interface MetricFamily {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: Array<{ value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }>;
}

const parse = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => MetricFamily[];

export function parsePrometheus(text: string): Map<string, MetricFamily> {
  return new Map(parse(text).map((family) => [family.name, family]));
}

/** The value of the sample with exactly these labels (a subset match), summed over matches; 0 when absent. */
export function sampleValue(families: Map<string, MetricFamily>, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name);
  if (!family) return 0;
  let total = 0;
  for (const metric of family.metrics) {
    const own = metric.labels ?? {};
    if (Object.entries(labels).every(([k, v]) => own[k] === v)) total += Number(metric.value ?? metric.count ?? 0);
  }
  return total;
}
