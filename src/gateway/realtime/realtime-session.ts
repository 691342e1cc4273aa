import type { RawData, WebSocket } from 'ws';
import type { Logger } from '../../lib/logger';
import { toGatewayError } from '../error-handler';
import { outputCapOf, parseRealtimeEvent, realtimeErrorEvent, responseIdOf, sessionOf, type RealtimeEvent, type RealtimeUsageBlock } from '../providers/openai-realtime/events';
import { holdResponse, noteDelivered, releaseHold, settleResponse, type ResponseBill, type SessionBilling } from './response-bills';

type SessionEnd = 'client' | 'upstream' | 'drain' | 'exhausted';

/** How long a dropped or drained session waits for the upstream's `response.done` of a cancelled response. */
const CANCEL_WAIT_MS = 5_000;
/** WebSocket close codes: normal, going away (server restarting), policy (out of quota). */
const CLOSE_NORMAL = 1000;
const CLOSE_RESTART = 1012;
const CLOSE_POLICY = 1008;

/**
 * One realtime voice session: the caller's WebSocket relayed to the upstream's, frame for frame
 * and in order, billed per response.
 *
 * Holds. Every response is held for before the upstream can start it. With server VAD (the
 * protocol's default) the upstream starts responses on its own when the caller stops speaking,
 * so the gateway cannot wait for a `response.create` to hold: it keeps one hold armed at all
 * times for the next response (the session's output cap, else the model's). When a response
 * starts (`response.created`) it takes the armed hold and a new one is armed at once; a
 * `response.create` or `session.update` asking for a larger cap than is armed is forwarded only
 * after a hold that covers it is in place. When the bucket cannot cover the next response, the
 * response in progress (already held) finishes, then the caller gets an `error` event
 * (`insufficient_quota`) and the session is closed cleanly.
 *
 * Charges. Each `response.done` settles its response's hold to the reported usage (text and
 * audio tokens in and out, cached), with its own request id, ledger row and usage row (surface
 * `realtime`): one charge per response, idempotent by that id, equal to its row's cost.
 *
 * Endings. A caller who leaves: responses in progress are cancelled upstream and settled from
 * the `response.done` the cancel produces (or from what was delivered, if none comes in time),
 * then the upstream is closed. An upstream that leaves: the caller gets an `error` event and the
 * session closes. Drain: an `error` event (`server_shutting_down`), then the same as a leaving caller.
 */
export class RealtimeSession {
  private armed: Promise<ResponseBill> | null = null;
  private armedCap = 0;
  private readonly active = new Map<string, ResponseBill>();
  private sessionCap: number;
  /** Who ended the session, once it is ending. */
  endedBy: SessionEnd = 'client';
  private lastInputTokens = 0;
  private exhausted = false;
  private ending = false;
  private upstreamQueue: Promise<void> = Promise.resolve();
  private clientQueue: Promise<void> = Promise.resolve();
  private resolveDone!: () => void;
  /** Resolves when both sockets are closed and every response is settled. */
  readonly done = new Promise<void>((resolve) => {
    this.resolveDone = resolve;
  });

  constructor(
    private readonly billing: SessionBilling,
    private readonly client: WebSocket,
    private readonly upstream: WebSocket,
    firstHold: ResponseBill,
    private readonly logger: Logger,
  ) {
    this.sessionCap = billing.model.maxOutputTokens;
    this.armed = Promise.resolve(firstHold);
    this.armedCap = firstHold.cap;
    client.on('message', (data, isBinary) => this.serial('client', () => this.fromClient(data, isBinary)));
    upstream.on('message', (data, isBinary) => this.serial('upstream', () => this.fromUpstream(data, isBinary)));
    client.on('close', () => void this.end('client'));
    upstream.on('close', () => void this.end('upstream'));
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    upstream.resume();
  }

  /** The drain's grace period is over: tell the caller, then end as if it had left. */
  cut(): void {
    if (this.ending) return;
    this.send(realtimeErrorEvent('server_shutting_down', 'The gateway is restarting; reconnect to continue the conversation.', 'server_error'));
    void this.end('drain');
  }

  /** Each direction is handled in arrival order (a hold may be awaited between two frames). */
  private serial(side: 'client' | 'upstream', work: () => Promise<void>): void {
    const run = (queue: Promise<void>) => queue.then(work).catch((err: unknown) => this.logger.error('realtime relay failed', { error: err as Error }));
    if (side === 'client') this.clientQueue = run(this.clientQueue);
    else this.upstreamQueue = run(this.upstreamQueue);
  }

  private async fromClient(data: RawData, isBinary: boolean): Promise<void> {
    if (this.ending) return;
    const event = isBinary ? null : parseRealtimeEvent(data.toString());
    if (event?.type === 'session.update') {
      const cap = this.capFrom(outputCapOf(sessionOf(event)));
      if (cap !== null) this.sessionCap = cap;
      if (!(await this.ensureArmed(this.sessionCap))) return;
    } else if (event?.type === 'response.create') {
      const cap = this.capFrom(outputCapOf(event.response)) ?? this.sessionCap;
      if (this.exhausted || !(await this.ensureArmed(cap))) return this.refuseNextResponse();
    }
    if (this.upstream.readyState === this.upstream.OPEN) this.upstream.send(data, { binary: isBinary });
  }

  private async fromUpstream(data: RawData, isBinary: boolean): Promise<void> {
    const event = isBinary ? null : parseRealtimeEvent(data.toString());
    if (event) await this.observe(event);
    this.send(data, isBinary);
    if (event?.type === 'response.done' && this.exhausted && this.active.size === 0) this.refuseNextResponse();
  }

  private async observe(event: RealtimeEvent): Promise<void> {
    if (event.type === 'session.created' || event.type === 'session.updated') {
      const cap = this.capFrom(outputCapOf(sessionOf(event)));
      if (cap !== null) this.sessionCap = cap;
      return;
    }
    const id = responseIdOf(event);
    if (event.type === 'response.created' && id) {
      const bill = await this.takeArmed();
      if (bill) this.active.set(id, bill);
      // Armed after the response is counted as in progress: a refusal then lets it finish first.
      if (!this.exhausted) this.arm(this.sessionCap);
      return;
    }
    if (event.type === 'response.done' && id) {
      const bill = this.active.get(id);
      if (!bill) return;
      const usage = (event.response as { usage?: RealtimeUsageBlock }).usage;
      this.lastInputTokens = await settleResponse(this.billing, bill, usage, this.ending ? 'CLIENT_ABORTED' : 'SUCCESS');
      // Only now: a refused hold for the next response waits for this one's `response.done` to reach the caller.
      this.active.delete(id);
      return;
    }
    const owner = event.response_id;
    const bill = typeof owner === 'string' ? this.active.get(owner) : undefined;
    if (bill) noteDelivered(bill, event);
  }

  /** "inf" is the model's cap; a number above it is the model's cap too (the upstream stops there). */
  private capFrom(cap: number | 'inf' | null): number | null {
    if (cap === null) return null;
    const model = this.billing.model.maxOutputTokens;
    if (cap === 'inf') return model;
    return model > 0 ? Math.min(cap, model) : cap;
  }

  /** The armed hold, for the response that starts now (null: none could be placed). */
  private async takeArmed(): Promise<ResponseBill | null> {
    const armed = this.armed;
    this.armed = null;
    return armed ? armed.catch(() => null) : null;
  }

  private arm(cap: number): void {
    this.armedCap = cap;
    const armed = holdResponse(this.billing, cap, this.lastInputTokens);
    this.armed = armed;
    armed.catch((err: unknown) => {
      if (this.armed === armed) this.armed = null;
      this.exhausted = true;
      if (!toGatewayError(err)) this.logger.error('realtime hold failed', { error: err as Error });
      // Nothing in progress: nothing to finish first.
      if (this.active.size === 0) this.refuseNextResponse();
    });
  }

  /** An armed hold covering `cap` output tokens; false when the bucket cannot cover it (the session is then ending). */
  private async ensureArmed(cap: number): Promise<boolean> {
    if (this.exhausted) return false;
    if (!this.armed || cap > this.armedCap) {
      const previous = this.armed;
      this.arm(Math.max(cap, this.armedCap));
      if (previous) void previous.then(releaseHold, () => undefined);
    }
    const armed = this.armed;
    return armed ? armed.then(() => true, () => false) : false;
  }

  private refuseNextResponse(): void {
    if (this.ending) return;
    this.send(realtimeErrorEvent('insufficient_quota', 'Your quota cannot cover another response of this session; the session is closed.'));
    void this.end('exhausted');
  }

  private send(data: RawData | string, isBinary = false): void {
    if (this.client.readyState === this.client.OPEN) this.client.send(data, { binary: isBinary });
  }

  /**
   * Ends the session once: cancels responses in progress upstream and waits (bounded) for their
   * usage, settles or releases every hold, closes both sockets.
   */
  private async end(reason: SessionEnd): Promise<void> {
    if (this.ending) return;
    this.ending = true;
    this.endedBy = reason;
    if (reason !== 'client') this.client.close(reason === 'drain' ? CLOSE_RESTART : reason === 'exhausted' ? CLOSE_POLICY : CLOSE_NORMAL);
    if (reason === 'upstream') this.send(realtimeErrorEvent('upstream_error', 'The upstream ended the session.', 'server_error'));
    if (this.active.size > 0 && this.upstream.readyState === this.upstream.OPEN) {
      for (const id of this.active.keys()) this.upstream.send(JSON.stringify({ type: 'response.cancel', response_id: id }));
      await this.settledOrTimedOut();
    }
    this.upstream.close();
    const outcome = reason === 'upstream' ? 'UPSTREAM_FAILED_MID_STREAM' : 'CLIENT_ABORTED';
    await this.upstreamQueue;
    for (const bill of this.active.values()) await settleResponse(this.billing, bill, undefined, outcome);
    this.active.clear();
    const armed = this.armed;
    this.armed = null;
    if (armed) await armed.then(releaseHold, () => undefined);
    this.resolveDone();
  }

  /** Waits for the upstream's `response.done` of every response in progress, at most CANCEL_WAIT_MS. */
  private async settledOrTimedOut(): Promise<void> {
    const deadline = Date.now() + CANCEL_WAIT_MS;
    while (this.active.size > 0 && Date.now() < deadline && this.upstream.readyState === this.upstream.OPEN) {
      await new Promise<void>((resolve) => {
        const stop = () => {
          clearTimeout(timer);
          this.upstream.off('message', wake);
          this.upstream.off('close', wake);
        };
        const timer = setTimeout(() => {
          stop();
          resolve();
        }, deadline - Date.now());
        const wake = () => {
          stop();
          // Let the serial handler settle the response this frame finished.
          void this.upstreamQueue.then(resolve);
        };
        this.upstream.on('message', wake);
        this.upstream.on('close', wake);
      });
    }
  }
}
