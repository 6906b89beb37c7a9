import type { HealthReport } from '../health-report.ts';
import type { Transport } from './transport.ts';

/** `health/cms`: the content health report the panel home shows. */
export interface HealthClient {
  report(): Promise<HealthReport>;
}

export function healthClient(transport: Transport): HealthClient {
  return { report: () => transport.call<HealthReport>({ method: 'GET', path: 'health/cms' }) };
}
