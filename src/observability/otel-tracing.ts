import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type TextMapGetter, type Tracer as OtelTracer } from '@opentelemetry/api';
import { ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { Logger } from '../lib/logger';
import type { SpanAttributes, TraceSpan, Tracer, Tracing } from '../lib/tracing';

// Loaded only when tracing is configured (observability/tracing-wiring.ts imports it on demand).
// Nothing here touches OpenTelemetry's globals: no global tracer provider, context manager or
// propagator is registered. Parents are passed explicitly (TraceSpan.child), which costs no
// AsyncLocalStorage on the request path and cannot leak spans between requests.

export interface OtelTracingOptions {
  /** The OTLP/HTTP traces URL (…/v1/traces). */
  url: string;
  protocol: 'http/protobuf' | 'http/json';
  serviceName: string;
  /** Batch export delay; OTel's default (5 s) unless set. */
  scheduledDelayMs?: number;
}

function clean(attributes: SpanAttributes | undefined): Attributes | undefined {
  if (!attributes) return undefined;
  const out: Attributes = {};
  for (const key in attributes) {
    const value = attributes[key];
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

class OtelSpan implements TraceSpan {
  constructor(private readonly tracer: OtelTracer, private readonly span: Span) {}

  child(name: string, attributes?: SpanAttributes): TraceSpan {
    const parent = trace.setSpan(ROOT_CONTEXT, this.span);
    return new OtelSpan(this.tracer, this.tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes: clean(attributes) }, parent));
  }

  set(attributes: SpanAttributes): void {
    const values = clean(attributes);
    if (values) this.span.setAttributes(values);
  }

  fail(code: string): void {
    this.span.setStatus({ code: SpanStatusCode.ERROR, message: code });
    this.span.setAttribute('error.type', code);
  }

  end(attributes?: SpanAttributes): void {
    if (attributes) this.set(attributes);
    this.span.end();
  }
}

/** Export failures reach the log (at most one warning a minute), not OTel's silent diag channel. */
function loggingExporter(inner: SpanExporter, logger: Logger): SpanExporter {
  let lastWarnAt = -Infinity;
  return {
    export(spans, done) {
      inner.export(spans, (result) => {
        if (result.code !== ExportResultCode.SUCCESS && Date.now() - lastWarnAt > 60_000) {
          lastWarnAt = Date.now();
          logger.warn('trace export failed: spans are dropped until the collector answers', { spans: spans.length, error: result.error?.message ?? null });
        }
        done(result);
      });
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}

export function startOtelTracing(options: OtelTracingOptions, logger: Logger): Tracing {
  const Exporter = options.protocol === 'http/json' ? OtlpJsonExporter : OtlpProtobufExporter;
  const exporter = loggingExporter(new Exporter({ url: options.url }), logger);
  // Sampler, limits and batch sizes: the SDK reads OTEL_TRACES_SAMPLER(_ARG), OTEL_BSP_* and the span limits from the environment.
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, options.scheduledDelayMs === undefined ? {} : { scheduledDelayMillis: options.scheduledDelayMs })],
  });
  const otelTracer = provider.getTracer('model-gateway');
  const propagator = new W3CTraceContextPropagator();
  const headerGetter: TextMapGetter<(name: string) => string | undefined> = { get: (header, key) => header(key), keys: () => [] };
  const tracer: Tracer = {
    serverSpan(name, header, attributes) {
      const parent = propagator.extract(ROOT_CONTEXT, header, headerGetter);
      return new OtelSpan(otelTracer, otelTracer.startSpan(name, { kind: SpanKind.SERVER, attributes: clean(attributes) }, parent));
    },
  };
  return {
    tracer,
    exportUrl: options.url,
    flush: () => provider.forceFlush(),
    close: () => provider.shutdown(),
  };
}
