import pino, { type DestinationStream } from 'pino';
import { summariseError } from './error-summary';
import { BufferedLogDestination } from './log-destination';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFormat = 'json' | 'pretty';

/**
 * The logging interface the whole codebase uses: a message first, fields second. A thin adapter
 * over pino, so call sites stay short and never depend on pino's argument order.
 */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /**
   * A logger whose every line also carries `bindings` (e.g. `{ requestId }`). `hotPath`: for a
   * line per request with flat fields the caller controls (access lines): only top-level field
   * names are redacted, because pino's nested wildcard redaction costs ~100-300 µs per line.
   */
  child(bindings: Record<string, unknown>, options?: { hotPath?: boolean }): Logger;
  /** Writes out whatever the asynchronous destination still buffers (shutdown). */
  flush(): void;
}

export interface LoggerOptions {
  level: LogLevel;
  /** `pretty`: human-readable (pino-pretty), for a terminal; default JSON lines. */
  format?: LogFormat;
  /** Where lines go; default stderr through an asynchronous (buffered) destination. */
  destination?: DestinationStream;
}

/** Field names whose values never reach a log line, at the top level and nested up to three deep. */
const SECRET_FIELDS = [
  'authorization', 'Authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-goog-api-key', 'proxy-authorization',
  'password', 'newPassword', 'currentPassword', 'oldPassword', 'adminPassword', 'generatedAdminPassword',
  'secret', 'secretKey', 'clientSecret', 'webhookSecret', 'privateKey',
  'apiKey', 'api_key', 'key', 'plaintext', 'token', 'sessionToken', 'accessToken', 'refreshToken', 'demoKey',
  // Request and response bodies may carry prompts, credentials or payment details.
  'body', 'requestBody', 'responseBody',
];

function redactPaths(): string[] {
  const paths: string[] = [];
  for (const name of SECRET_FIELDS) {
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : `["${name}"]`;
    const dot = key.startsWith('[') ? '' : '.';
    paths.push(key, `*${dot}${key}`, `*.*${dot}${key}`, `*.*.*${dot}${key}`);
  }
  return paths;
}

const REDACT = { paths: redactPaths(), censor: '[redacted]' };
const REDACT_TOP_LEVEL = { paths: SECRET_FIELDS.map((name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `["${name}"]`)), censor: '[redacted]' };

/**
 * Errors log as name, message and code only: stack-free, and never an error's own enumerable
 * properties. Database errors also lose the statement knex writes into the message (with its
 * parameters inlined), and GraphQL's wrapper is replaced by what it wraps (error-summary.ts).
 */
function serializeError(value: unknown): unknown {
  return value instanceof Error ? summariseError(value) : value;
}

class PinoLogger implements Logger {
  /** `lean`: the same destination with top-level redaction only (hot-path children). */
  constructor(readonly pino: pino.Logger, private readonly lean: pino.Logger) {}
  debug(msg: string, fields?: Record<string, unknown>): void {
    this.write('debug', msg, fields);
  }
  info(msg: string, fields?: Record<string, unknown>): void {
    this.write('info', msg, fields);
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.write('warn', msg, fields);
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.write('error', msg, fields);
  }
  child(bindings: Record<string, unknown>, options: { hotPath?: boolean } = {}): Logger {
    const lean = this.lean.child(bindings);
    return new PinoLogger(options.hotPath ? lean : this.pino.child(bindings), lean);
  }
  private write(level: Exclude<LogLevel, 'silent'>, msg: string, fields: Record<string, unknown> | undefined): void {
    if (fields) this.pino[level](fields, msg);
    else this.pino[level](msg);
  }
  flush(): void {
    try {
      this.pino.flush();
    } catch {
      // a destination that is already closed has nothing left to write
    }
  }
}

function prettyDestination(): DestinationStream {
  // Loaded only when asked for: production JSON logging never pays for it. Synchronous and in
  // this thread (no worker transport), so a crash loses no line.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pretty = require('pino-pretty') as (options: Record<string, unknown>) => DestinationStream;
  return pretty({ destination: 2, sync: true, colorize: process.stderr.isTTY === true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}

/** A destination that hands each line (without its newline) to `sink`: tests and small tools. */
function lineDestination(sink: (line: string) => void): DestinationStream {
  return { write: (chunk: string) => sink(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk) };
}

/**
 * JSON lines on stderr (`level` as a word, ISO `time`), redacted by path, errors without SQL.
 * The default destination is asynchronous and batched (log-destination.ts: written within a
 * second, and at exit), so an access line per request costs the request a string build, not a
 * write system call.
 */
export function createLogger(options: LogLevel | LoggerOptions, sink?: (line: string) => void): Logger {
  const opts: LoggerOptions = typeof options === 'string' ? { level: options } : options;
  const destination =
    opts.destination ??
    (sink ? lineDestination(sink) : opts.format === 'pretty' ? prettyDestination() : new BufferedLogDestination(2));
  const settings = {
    level: opts.level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    serializers: { error: serializeError, err: serializeError },
  };
  return new PinoLogger(pino({ ...settings, redact: REDACT }, destination), pino({ ...settings, redact: REDACT_TOP_LEVEL }, destination));
}

/** `LOG_FORMAT=pretty`, or `auto` on a terminal. */
export function resolveLogFormat(setting: 'json' | 'pretty' | 'auto', isTTY: boolean | undefined): LogFormat {
  return setting === 'auto' ? (isTTY ? 'pretty' : 'json') : setting;
}
