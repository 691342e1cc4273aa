import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkModelAccess } from '../domain/groups/model-access';
import type { VerifiedKey } from '../domain/tokens/key-verification.types';
import { accessError } from './pipeline/admission-errors';
import type { GatewayDeps } from './pipeline/gateway-deps';
import { estimatePrompt } from './pipeline/token-estimate';
import { parseJsonBody, readBody } from './http/read-body';
import type { ChatRequestBody } from './providers/types';

export interface TokenCountCodec {
  /** Validates the surface's count request (zod) and maps it to the internal shape; throws a 4xx. */
  parse(json: unknown, pathModel: string | undefined): ChatRequestBody;
  render(tokens: number): unknown;
}

/**
 * `POST /v1/messages/count_tokens` and Gemini's `:countTokens`: the gateway's own estimate (the
 * one it bills a prompt by when an upstream never reports usage), answered without an upstream
 * call and without charge. Clients use it to decide when to compact a conversation, where a
 * close, slightly high figure is what they need. The key must be allowed to call the model.
 */
export function createTokenCountHandler(deps: GatewayDeps, codec: TokenCountCodec) {
  return async (req: IncomingMessage, res: ServerResponse, key: VerifiedKey, pathModel?: string): Promise<void> => {
    const body = codec.parse(parseJsonBody(await readBody(req, res, deps.config.bodyLimitBytes)), pathModel);
    const access = await checkModelAccess(
      { catalogue: await deps.catalogue.get(), groups: await deps.groups.get(), key, unlockedTiers: () => deps.billing.activeTiers(key.userId), clientIp: deps.clientAddress(req) },
      body.model,
    );
    if (!access.ok) throw accessError(access.reason, body.model, key.groupName);
    const payload = JSON.stringify(codec.render(estimatePrompt(body).charge));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    res.end(payload);
  };
}
