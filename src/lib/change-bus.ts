import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Client, type ClientConfig } from 'pg';
import type { Logger } from './logger';

/** What changed, so caches can drop what they hold. `all` means "assume anything changed". */
export type ChangeTopic = 'token' | 'user' | 'group' | 'catalogue' | 'channel' | 'subscription' | 'settings' | 'all';

export interface ChangeEvent {
  topic: ChangeTopic;
  /** Entity id (or key hash for tokens) when known; absent means the whole topic. */
  id?: string;
}

export type ChangeListener = (event: ChangeEvent) => void;

/**
 * Cache invalidation across gateway processes. Publishing notifies this process synchronously
 * (so a revoke is visible here at once) and every other process through PostgreSQL NOTIFY.
 */
export interface ChangeBus {
  publish(event: ChangeEvent): Promise<void>;
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'gateway_changes';

/** Embedded mode runs in one process (the data-dir lock guarantees it), so an emitter is enough. */
export class LocalChangeBus implements ChangeBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(event: ChangeEvent): Promise<void> {
    this.emitter.emit('change', event);
  }

  subscribe(listener: ChangeListener): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** LISTEN/NOTIFY on one dedicated connection, reconnecting with backoff; a reconnect flushes every cache. */
export class PostgresChangeBus implements ChangeBus {
  private readonly local = new LocalChangeBus();
  private readonly origin = randomUUID();
  private client: Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  private constructor(private readonly connection: ClientConfig, private readonly logger: Logger) {}

  static async connect(connection: ClientConfig, logger: Logger): Promise<PostgresChangeBus> {
    const bus = new PostgresChangeBus(connection, logger);
    await bus.open();
    return bus;
  }

  private async open(): Promise<void> {
    const client = new Client(this.connection);
    client.on('notification', (msg) => this.onNotification(msg.payload));
    client.on('error', (err) => this.onConnectionLost(err));
    client.on('end', () => this.onConnectionLost(new Error('listener connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      // Not yet this.client, so its listeners ignore the failure; close the half-open connection.
      void client.end().catch(() => undefined);
      throw err;
    }
    this.client = client;
  }

  private onNotification(payload: string | undefined): void {
    if (!payload) return;
    try {
      const parsed = JSON.parse(payload) as { o?: string; t?: ChangeTopic; i?: string };
      if (parsed.o === this.origin || !parsed.t) return; // already applied locally
      void this.local.publish(parsed.i === undefined ? { topic: parsed.t } : { topic: parsed.t, id: parsed.i });
    } catch {
      this.logger.warn('ignoring malformed change notification');
    }
  }

  private onConnectionLost(err: Error): void {
    if (this.closed || this.client === undefined) return;
    this.logger.warn('change listener lost its connection; reconnecting', { error: err });
    const dead = this.client;
    this.client = undefined;
    dead.removeAllListeners();
    void dead.end().catch(() => undefined);
    this.scheduleReconnect(250);
  }

  private scheduleReconnect(delayMs: number): void {
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.open()
        .then(() => this.local.publish({ topic: 'all' })) // notifications may have been missed
        // At most a second apart: caches must hear about changes again soon after the database is back.
        .catch(() => this.scheduleReconnect(Math.min(delayMs * 2, 1_000)));
    }, delayMs);
    this.reconnectTimer.unref();
  }

  async publish(event: ChangeEvent): Promise<void> {
    await this.local.publish(event);
    const payload = JSON.stringify({ o: this.origin, t: event.topic, i: event.id });
    try {
      await this.client?.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    } catch (err) {
      this.logger.warn('could not publish change notification', { error: err as Error });
    }
  }

  subscribe(listener: ChangeListener): () => void {
    return this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await this.local.close();
    if (client) {
      client.removeAllListeners();
      await client.end().catch(() => undefined);
    }
  }
}
