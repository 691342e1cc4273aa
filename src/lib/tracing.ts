/**
 * The tracing the gateway's code sees: spans it can start, annotate and end, and nothing of the
 * OpenTelemetry SDK, which is loaded only when tracing is configured (observability/otel-tracing.ts).
 * With tracing off there is no tracer at all: `Tracing.tracer` is null, every request's span is
 * `undefined`, and `span?.child(...)` on the hot path allocates nothing.
 *
 * Attributes carry ids, names, counts and error codes only: never keys, secrets, prompts or
 * upstream error messages (a vendor's 401 text may quote part of a key).
 */
export type SpanAttributes = Record<string, string | number | boolean | null | undefined>;

export interface TraceSpan {
  /** A span under this one. */
  child(name: string, attributes?: SpanAttributes): TraceSpan;
  set(attributes: SpanAttributes): void;
  /** Marks the span failed (status ERROR); `code` is an error code, never a message from outside. */
  fail(code: string): void;
  end(attributes?: SpanAttributes): void;
}

export interface Tracer {
  /** A server span for an incoming call; continues the caller's W3C `traceparent` when `header` has one. */
  serverSpan(name: string, header: (name: string) => string | undefined, attributes?: SpanAttributes): TraceSpan;
}

export interface Tracing {
  /** null when OTEL_EXPORTER_OTLP_ENDPOINT is unset: no SDK, no exporter, no spans. */
  readonly tracer: Tracer | null;
  /** Where spans go (the OTLP traces URL), null when off. */
  readonly exportUrl: string | null;
  /** Sends the spans ended so far (tests, and shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const tracingOff: Tracing = Object.freeze({
  tracer: null,
  exportUrl: null,
  flush: async () => undefined,
  close: async () => undefined,
});

/** `work`, with `span` ended when it settles (failed with `failCode` when it rejects); `work` itself when there is no span. */
export function spanned<T>(span: TraceSpan | undefined, work: Promise<T>, failCode = 'error'): Promise<T> {
  if (!span) return work;
  return work.then(
    (value) => {
      span.end();
      return value;
    },
    (err: unknown) => {
      span.fail(errorCodeOf(err) ?? failCode);
      span.end();
      throw err;
    },
  );
}

/** A coded error's code (GatewayError and friends), for a span's status: never its message. */
export function errorCodeOf(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof (err as { code: unknown }).code === 'string') {
    return (err as { code: string }).code;
  }
  return undefined;
}
