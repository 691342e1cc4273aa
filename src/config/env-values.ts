import { z } from 'zod';
import { IpAllowList } from '../domain/tokens/ip-allow-list';

// The kinds of value environment variables hold, shared by the env-*.ts groups. Each turns the
// raw string into what the code uses (a boolean, a bigint of quota units, a byte count) or
// explains, in words an operator can act on, why the value was refused.

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const positiveInt = z.coerce.number().int().positive();
export const quota = z
  .string()
  .regex(/^\d+$/, 'must be a whole number of quota units')
  .transform((v) => BigInt(v));

const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
export const byteSize = z
  .string()
  .regex(/^\d+\s*(b|kb|mb|gb)?$/i, 'must be a size such as 1048576, 512kb or 2mb')
  .transform((v) => {
    const m = /^(\d+)\s*([a-z]*)$/i.exec(v.trim())!;
    return Number(m[1]) * SIZE_UNITS[(m[2] || 'b').toLowerCase()]!;
  });

export const timezone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as UTC or Asia/Shanghai');

export const addressList = z
  .string()
  .transform((v) => v.split(',').map((e) => e.trim()).filter((e) => e.length > 0))
  .refine((entries) => new IpAllowList(entries).invalid.length === 0, 'must be addresses or CIDRs separated by commas');

/** OTLP over HTTP only: the gRPC exporter would pull in a gRPC stack for nothing a collector on 4318 does not take. */
export const otlpProtocol = z.enum(['http/protobuf', 'http/json'], { message: 'must be http/protobuf or http/json (grpc is not supported)' });
