import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { completedImageOf, buildOpenAIImageRequest } from '../providers/openai-media/images';
import { openAIChatProvider } from '../providers/openai/openai-provider';
import type { ImageRequest, ImageResult, ImageUsage } from '../providers/media-request';
import { imageProviderFor } from '../providers/registry';
import { decodeSse, type SseEvent } from '../sse/sse-decoder';
import { SseWriter } from '../sse/sse-writer';
import { AttemptControl } from '../upstream/attempt-control';
import { failureFromError, openUpstream, type AttemptFailure } from '../upstream/upstream-call';
import { failCall, failoverPlan, targetFor } from './admitted-call';
import { runWithFailover, type AttemptOutcome } from './failover';
import type { GatewayDeps } from './gateway-deps';
import { attemptJson, noAdapterFailure } from './json-attempt';
import type { MediaCall } from './media-admission';
import { imageUsage, settleMedia } from './media-settle';
import { recordStreamEnd, type MediaStreamEnd } from './media-stream-end';
import { usageCostOf, type UsageCost } from './price-report';

type CompletedImage = NonNullable<ReturnType<typeof completedImageOf>>;

/**
 * What reached the caller: completed images and the usage their completed events carried. With
 * the charge asked for, the latest completed event waits in `held` until another event follows
 * it or the stream ends, so that the stream's last one can carry the settled charge.
 */
interface DeliveredImages {
  images: number;
  size?: string;
  quality?: string;
  usage: ImageUsage | null;
  holdLast: boolean;
  held?: { type: string; event: Record<string, unknown>; image: CompletedImage };
}

function count(delivered: DeliveredImages, image: CompletedImage): void {
  delivered.images += 1;
  delivered.usage = add(delivered.usage, image.usage);
  if (image.size) delivered.size = image.size;
  if (image.quality) delivered.quality = image.quality;
}

/** Writes a completed event, or holds it back (writing the one held before) when the last must carry the charge; false: the caller left. */
async function deliverCompleted(writer: SseWriter, delivered: DeliveredImages, type: string, event: Record<string, unknown>, image: CompletedImage): Promise<boolean> {
  if (!(await flushHeld(writer, delivered))) return false;
  if (delivered.holdLast) {
    delivered.held = { type, event, image };
    return true;
  }
  if (!(await writer.write(frame(type, JSON.stringify(event))))) return false;
  count(delivered, image);
  return true;
}

async function flushHeld(writer: SseWriter, delivered: DeliveredImages): Promise<boolean> {
  const held = delivered.held;
  if (!held) return true;
  delivered.held = undefined;
  if (!(await writer.write(frame(held.type, JSON.stringify(held.event))))) return false;
  count(delivered, held.image);
  return true;
}

function add(sum: ImageUsage | null, usage: ImageUsage | null): ImageUsage | null {
  if (!usage) return sum;
  if (!sum) return { ...usage };
  return { textInputTokens: sum.textInputTokens + usage.textInputTokens, imageInputTokens: sum.imageInputTokens + usage.imageInputTokens, outputTokens: sum.outputTokens + usage.outputTokens };
}

const eventName = (media: ImageRequest) => (media.operation === 'edit' ? 'image_edit' : 'image_generation');
const frame = (type: string, data: string) => `event: ${type}\ndata: ${data}\n\n`;

/**
 * A streamed image request (`stream: true`): OpenAI's `image_generation.partial_image` /
 * `.completed` events (`image_edit.*` for edits) relayed as they come with back-pressure. Until
 * the first event the request may fail over; after it the stream is this channel's. Billed for
 * the completed events that reached the caller (their usage), so a caller who leaves mid-stream
 * pays for the images it got. A Gemini channel answers whole: its images become completed events.
 */
export async function serveImageStream(deps: GatewayDeps, call: MediaCall, res: ServerResponse): Promise<void> {
  const media = call.media;
  if (media.kind !== 'image') throw new Error('not an image call');
  const writer = new SseWriter(res, deps.config.gateway.sseKeepAliveMs);
  const delivered: DeliveredImages = { images: 0, usage: null, holdLast: call.request.includeCost === true };
  const result = await runWithFailover(deps, failoverPlan(deps, call), call.trace, async (picked): Promise<AttemptOutcome<MediaStreamEnd>> => {
    const target = targetFor(picked, call.model);
    if (picked.channel.protocol !== 'OPENAI') {
      const provider = imageProviderFor(picked.channel.protocol);
      if (!provider) return { kind: 'failed', failure: noAdapterFailure(picked.channel.protocol, 'image') };
      const whole = await attemptJson(deps.upstream, picked.channel, call.model.modelId, call.client, provider, () => provider.buildImageRequest(media, call.request.raw, target), (json) => provider.parseImageResponse(json, media));
      if (whole.kind === 'failed') return whole;
      call.trace.firstToken();
      call.charge.delivering();
      return { kind: 'served', value: await writeWholeAsEvents(whole.value, media, writer, delivered) };
    }
    const control = new AttemptControl(picked.channel, call.client);
    try {
      const opened = await openUpstream(deps.upstream, openAIChatProvider, picked.channel, buildOpenAIImageRequest(media, call.request.raw, target), control, { firstByteOnHeaders: false, modelId: call.model.modelId });
      if (!opened.ok) return { kind: 'failed', failure: opened.failure };
      const events = decodeSse(opened.response.body as Readable)[Symbol.asyncIterator]();
      let first: IteratorResult<SseEvent>;
      try {
        first = await events.next();
      } catch (err) {
        return { kind: 'failed', failure: failureFromError(err, control) };
      }
      if (first.done) return { kind: 'failed', failure: { kind: 'ERROR', status: 200, message: 'the upstream ended the stream before any event', retryable: true, keyInvalid: false } };
      control.firstByte();
      call.trace.firstToken();
      call.charge.delivering();
      return { kind: 'served', value: await relayImageEvents(first.value, events, writer, control, delivered) };
    } finally {
      control.dispose();
    }
  });
  if (result.kind === 'failed') {
    writer.stop();
    return failCall(call, result);
  }
  // A held completed event: the last image of a whole stream is delivered with the charge, so it
  // is billed; one held when the upstream failed goes out as it came; the caller who left never got it.
  const last = result.value.status === 'COMPLETED' ? delivered.held : undefined;
  if (last) count(delivered, last.image);
  if (result.value.status === 'FAILED') await flushHeld(writer, delivered);
  delivered.held = undefined;
  await settleMedia(deps, call, result.picked, imageUsage(call, delivered));
  const code = recordStreamEnd(deps, result.picked, call.trace, result.value);
  if (result.value.status === 'CLIENT_GONE') return writer.stop();
  if (code) return writer.end(frame('error', JSON.stringify({ type: 'error', error: { message: 'The upstream failed mid-stream.', type: 'upstream_error', code } })));
  writer.end(last ? frame(last.type, JSON.stringify(withCharge(last.event, usageCostOf(call.trace.cost, call.price.rate)))) : undefined);
}

/** The completed event with the settled charge added to its usage (an event without usage gets one with the charge alone). */
function withCharge(event: Record<string, unknown>, cost: UsageCost): Record<string, unknown> {
  const usage = typeof event.usage === 'object' && event.usage !== null ? event.usage : {};
  return { ...event, usage: { ...usage, ...cost } };
}

/** Relays events until the upstream ends; a completed event counts once it is written to the caller. */
async function relayImageEvents(
  first: SseEvent, events: AsyncIterator<SseEvent>, writer: SseWriter, control: AttemptControl, delivered: DeliveredImages,
): Promise<MediaStreamEnd> {
  let event: SseEvent | undefined = first;
  try {
    while (event) {
      let parsed: Record<string, unknown> | null = null;
      try {
        parsed = JSON.parse(event.data) as Record<string, unknown>;
      } catch {
        parsed = null;
      }
      const type = typeof parsed?.type === 'string' ? parsed.type : (event.event ?? 'message');
      if (type === 'error' || event.event === 'error') return { status: 'FAILED', failure: upstreamStreamError(event.data) };
      const completed = parsed && completedImageOf(parsed);
      const written = completed ? await deliverCompleted(writer, delivered, type, parsed!, completed) : (await flushHeld(writer, delivered)) && (await writer.write(frame(type, event.data)));
      if (!written) return { status: 'CLIENT_GONE' };
      const next = await events.next();
      event = next.done ? undefined : next.value;
    }
    return { status: 'COMPLETED' };
  } catch (err) {
    const failure = failureFromError(err, control);
    return failure.kind === 'CLIENT_GONE' ? { status: 'CLIENT_GONE' } : { status: 'FAILED', failure };
  }
}

function upstreamStreamError(data: string): AttemptFailure {
  return { kind: 'ERROR', status: 200, message: `the upstream sent an error event: ${data.slice(0, 300)}`, retryable: false, keyInvalid: false };
}

/** A whole answer (Gemini) as the stream a caller asked for: one completed event per image, the usage on the last. */
async function writeWholeAsEvents(result: ImageResult, media: ImageRequest, writer: SseWriter, delivered: DeliveredImages): Promise<MediaStreamEnd> {
  const type = `${eventName(media)}.completed`;
  const items = result.payload.data as Array<Record<string, unknown>>;
  for (const [i, item] of items.entries()) {
    const last = i === items.length - 1;
    const event = { type, b64_json: item.b64_json ?? item.url, created_at: result.payload.created, ...(last && result.payload.usage ? { usage: result.payload.usage } : {}) };
    if (!(await deliverCompleted(writer, delivered, type, event, { usage: last ? result.usage : null }))) return { status: 'CLIENT_GONE' };
  }
  return { status: 'COMPLETED' };
}
