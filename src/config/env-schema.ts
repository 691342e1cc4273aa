import { z } from 'zod';
import { accountsEnv } from './env-accounts';
import { billingEnv } from './env-billing';
import { operationsEnv } from './env-operations';
import { paymentsEnv } from './env-payments';
import { routingAndLimitsEnv } from './env-routing-and-limits';
import { serverEnv } from './env-server';

/**
 * Every environment variable the gateway reads, grouped by subject in the env-*.ts files. One
 * schema checks them all at once, so an operator sees every bad value in one start attempt.
 */
export const EnvSchema = z.object({
  ...serverEnv,
  ...accountsEnv,
  ...routingAndLimitsEnv,
  ...billingEnv,
  ...paymentsEnv,
  ...operationsEnv,
});

export type Env = z.input<typeof EnvSchema>;
/** The environment after parsing: defaults filled in, values converted. */
export type ParsedEnv = z.output<typeof EnvSchema>;
