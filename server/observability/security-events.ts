import { Counter, register } from 'prom-client';
import type { Logger } from '../logger.ts';

/**
 * Security events an operator alerts on: one warn-level log line with a stable `event` name, and
 * a Prometheus counter per event. Fields name who and from where, never a secret.
 */
export type SecurityEventName =
  | 'auth.refresh_reuse'
  | 'auth.otp_cap_reached'
  | 'auth.login_throttled'
  | 'auth.otp_throttled'
  | 'auth.spraying_throttled'
  | 'admin.created'
  | 'admin.password_reset'
  | 'admin.2fa_reset'
  | 'team.invited'
  | 'team.enrolled'
  | 'team.account_changed'
  | 'team.sessions_ended'
  | 'team.2fa_reset'
  | 'token.created'
  | 'token.revoked'
  | 'release.rolled_back'
  | 'release.forced';

export interface SecurityEventFields {
  username?: string | null;
  userId?: number | null;
  ip?: string | null;
  [key: string]: unknown;
}

// One counter per process, also when several apps are built in one process (tests).
const counter =
  (register.getSingleMetric('argus_security_events_total') as Counter<'event'> | undefined) ??
  new Counter({
    name: 'argus_security_events_total',
    help: 'Security events (refresh-token reuse, OTP cap, throttled logins, admin changes) by event name',
    labelNames: ['event'],
  });

export function securityEvent(
  logger: Logger,
  event: SecurityEventName,
  fields: SecurityEventFields = {},
): void {
  counter.inc({ event });
  logger.warn({ event, ...fields }, `security event: ${event}`);
}
