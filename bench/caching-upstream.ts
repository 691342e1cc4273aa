// A fake vendor with a prompt cache per API key, like OpenAI's and Anthropic's: a request whose
// leading messages match a prefix this key sent in the last five minutes reads them from the cache
// (`cached_tokens` / `cache_read_input_tokens`), billed at the vendor's cache price. Used by the
// affinity bench; it measures hits and money, not speed.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** USD per million tokens, as the vendors list them. */
export interface VendorPrices {
  input: number;
  cacheRead: number;
  /** Anthropic bills writing a prefix into the cache above the input price. */
  cacheWrite: number;
  output: number;
}

export const OPENAI_PRICES: VendorPrices = { input: 0.15, cacheRead: 0.075, cacheWrite: 0.15, output: 0.6 };
export const ANTHROPIC_PRICES: VendorPrices = { input: 1, cacheRead: 0.1, cacheWrite: 1.25, output: 5 };

/** Vendors cache nothing shorter (OpenAI and Anthropic's Haiku both need about 1,024 tokens). */
const MIN_CACHED_TOKENS = 1024;
const CACHE_TTL_MS = 5 * 60_000;
const REPLY = 'Done. I read the files and applied the change; the tests pass. '.repeat(4);

export interface UpstreamTotals {
  requests: number;
  promptTokens: number;
  cachedTokens: number;
  /** Requests that read anything from the cache. */
  hits: number;
  /** What the vendor billed the operator, in USD. */
  costUsd: number;
}

type Message = { role: string; content: unknown };

/** About four characters per token, as vendors' tokenisers average on English and code. */
function tokensOf(text: string): number {
  return Math.ceil(text.length / 4);
}

export class CachingUpstream {
  /** API key -> prefix hash -> expiry. */
  private readonly caches = new Map<string, Map<string, number>>();
  totals: UpstreamTotals = { requests: 0, promptTokens: 0, cachedTokens: 0, hits: 0, costUsd: 0 };

  private constructor(private readonly server: Server, readonly url: string) {}

  static async start(): Promise<CachingUpstream> {
    let upstream: CachingUpstream | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answer = upstream!.answer(req, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    upstream = new CachingUpstream(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return upstream;
  }

  reset(): void {
    this.caches.clear();
    this.totals = { requests: 0, promptTokens: 0, cachedTokens: 0, hits: 0, costUsd: 0 };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: IncomingMessage, body: Record<string, unknown>): unknown {
    const anthropic = req.url === '/v1/messages';
    const key = anthropic ? String(req.headers['x-api-key']) : String(req.headers.authorization);
    const messages = (body.messages as Message[]) ?? [];
    const system = anthropic ? textOf(body.system) : '';
    const { promptTokens, cachedTokens } = this.lookUp(key, system, messages);
    const completionTokens = tokensOf(REPLY);
    const prices = anthropic ? ANTHROPIC_PRICES : OPENAI_PRICES;
    // Anthropic writes what it did not read into the cache (priced as a write); OpenAI does it for free.
    const uncached = promptTokens - cachedTokens;
    const written = anthropic && promptTokens >= MIN_CACHED_TOKENS ? uncached : 0;
    this.totals.requests++;
    this.totals.promptTokens += promptTokens;
    this.totals.cachedTokens += cachedTokens;
    if (cachedTokens > 0) this.totals.hits++;
    this.totals.costUsd +=
      (cachedTokens * prices.cacheRead + written * prices.cacheWrite + (uncached - written) * prices.input + completionTokens * prices.output) / 1e6;
    if (anthropic) {
      return {
        id: 'msg_bench', type: 'message', role: 'assistant', model: body.model, content: [{ type: 'text', text: REPLY }],
        stop_reason: 'end_turn', stop_sequence: null,
        usage: { input_tokens: uncached - written, cache_creation_input_tokens: written, cache_read_input_tokens: cachedTokens, output_tokens: completionTokens },
      };
    }
    return {
      id: 'chatcmpl-bench', object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: REPLY }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens,
        prompt_tokens_details: { cached_tokens: cachedTokens },
      },
    };
  }

  /**
   * The longest prefix of whole messages this key cached and still holds, in tokens; then every
   * prefix of this prompt long enough to cache is (re)stored for five minutes, as a vendor does.
   */
  private lookUp(key: string, system: string, messages: readonly Message[]): { promptTokens: number; cachedTokens: number } {
    let cache = this.caches.get(key);
    if (!cache) this.caches.set(key, (cache = new Map()));
    const now = Date.now();
    const hash = createHash('sha256').update(system);
    let tokens = tokensOf(system);
    let cachedTokens = 0;
    const prefixes: Array<[string, number]> = [];
    for (const message of messages) {
      hash.update(`\0${message.role}\0${textOf(message.content)}`);
      tokens += tokensOf(textOf(message.content));
      const digest = hash.copy().digest('hex');
      if ((cache.get(digest) ?? 0) > now) cachedTokens = tokens;
      if (tokens >= MIN_CACHED_TOKENS) prefixes.push([digest, tokens]);
    }
    for (const [digest] of prefixes) cache.set(digest, now + CACHE_TTL_MS);
    return { promptTokens: tokens, cachedTokens: cachedTokens >= MIN_CACHED_TOKENS ? cachedTokens : 0 };
  }
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'object' && p && 'text' in p ? String((p as { text: unknown }).text) : '')).join('');
  return '';
}
