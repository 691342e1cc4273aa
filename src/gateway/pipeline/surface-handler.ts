import type { IncomingMessage, ServerResponse } from 'node:http';
import { maxCostOf } from '../../domain/billing/pricing';
import type { CatalogueEntry } from '../../domain/catalogue/catalogue.types';
import { checkModelAccess, type AccessFacts } from '../../domain/groups/model-access';
import type { VerifiedKey } from '../../domain/tokens/key-verification.types';
import { recordedModelName } from '../../domain/usage/recorded-model-name';
import { parseJsonBody, readBody } from '../http/read-body';
import type { ResponseContext } from '../providers/types';
import type { Surface, SurfaceRequestInfo } from '../surfaces/surface';
import { accessError, reserveError } from './admission-errors';
import { measureSpeech, readSpeechInput, refuseAudio } from './audio-input';
import type { GatewayDeps } from './gateway-deps';
import type { ChatCall } from './admitted-call';
import { ChargeOnce } from './charge-once';
import { ClientConnection } from './client-connection';
import { serveJson } from './json-exchange';
import type { RequestTrace, TracedRequestInfo } from './request-trace';
import { serveStream } from './stream-exchange';
import { estimatePrompt } from './token-estimate';
import { measureInputAudio } from './input-hold';
import { candidateFor, dearest, fallbackCandidates } from './model-fallbacks';
import { serveTranscription } from './transcription-exchange';
import { serveEmbeddings } from './embeddings-exchange';
import { rerankHold, serveRerank } from './rerank-exchange';
import { planMediaHold, refuseWrongDoor, serveMedia } from './media-admission';
import { gatewayErrors } from '../gateway-error';
import { errorCodeOf } from '../../lib/tracing';
import { callerAsksForCost, PriceReport } from './price-report';


export type SurfaceHandler = (req: IncomingMessage, res: ServerResponse, requestId: string, info: TracedRequestInfo) => Promise<void>;
/** A handler behind authentication: it gets the key the request was authenticated with. */
export type KeyedHandler = (req: IncomingMessage, res: ServerResponse, requestId: string, info: TracedRequestInfo, key: VerifiedKey) => Promise<void>;

/**
 * The one pipeline every generating surface (chat completions, Anthropic Messages, Responses,
 * Gemini) goes through: authenticate -> read the body and let the surface validate and map it ->
 * model, group, tier and allow-list checks -> reserve the most it can cost -> JSON or stream
 * exchange with failover -> settle. Speech-to-text models take the same path to a transcription
 * upstream, reserved and billed by audio duration. What happens goes into `info.trace`; the
 * gateway router writes the request's one usage-log row from it when the request has ended.
 */
export function createSurfaceHandler(deps: GatewayDeps, surface: Surface): KeyedHandler {
  return async function handleSurface(req, res, _requestId, info, key): Promise<void> {
    const trace = info.trace;
    trace.surface = surface.name;
    const client = new ClientConnection(res);
    trace.key = key;
    deps.tokenLastUsed.touch(key.tokenId);
    try {
      await admitAndServe(deps, surface, info, res, trace, key, client);
    } catch (err) {
      if (trace.errorCode === null) trace.fail(err);
      throw err;
    } finally {
      trace.seal();
    }
  };
}

async function admitAndServe(
  deps: GatewayDeps,
  surface: Surface,
  info: SurfaceRequestInfo,
  res: ServerResponse,
  trace: RequestTrace,
  key: VerifiedKey,
  client: ClientConnection,
): Promise<void> {
  const req = info.req;
  const limits = { jsonBytes: deps.config.bodyLimitBytes, audioFileBytes: deps.config.audioFileLimitBytes };
  const raw = surface.readBody ? await surface.readBody(req, res, limits) : parseJsonBody(await readBody(req, res, limits.jsonBytes));
  const request = surface.parse(raw, info);
  if (callerAsksForCost(req)) request.includeCost = true;
  const body = request.body;
  trace.stream = request.stream;

  // The snapshots are in memory on nearly every request: awaited only when one is loading
  // (every await is a promise and a microtask turn on the hot path).
  const loadingCatalogue = deps.catalogue.get();
  const catalogue = loadingCatalogue instanceof Promise ? await loadingCatalogue : loadingCatalogue;
  trace.modelId = recordedModelName(body.model, catalogue);
  const loadingGroups = deps.groups.get();
  const groups = loadingGroups instanceof Promise ? await loadingGroups : loadingGroups;
  const facts: AccessFacts = { catalogue, groups, key, unlockedTiers: () => deps.billing.activeTiers(key.userId), clientIp: deps.clientAddress(req) };
  const access = await checkModelAccess(facts, body.model);
  if (!access.ok) throw accessError(access.reason, body.model, key.groupName);
  const model = access.model;
  const price = new PriceReport(res, deps.displayRate());
  const admitted = { surface, info, request, body, model, route: access.route, trace, client, responseContext: responseContextOf(body.model, trace), price };

  // The audio surfaces serve only speech models (which take an input_audio part on the chat surfaces).
  if (request.speech && model.type !== 'SPEECH_TO_TEXT') {
    throw gatewayErrors.invalidRequest(`The model \`${model.modelId}\` is not a speech-to-text model; it cannot transcribe audio.`, 'model');
  }
  // Embedding models answer only on /v1/embeddings, and /v1/embeddings only serves them.
  if ((model.type === 'EMBEDDING') !== (surface.name === 'embeddings')) {
    throw model.type === 'EMBEDDING'
      ? gatewayErrors.invalidRequest(`The model \`${model.modelId}\` is an embedding model: call POST /v1/embeddings.`, 'model')
      : gatewayErrors.invalidRequest(`The model \`${model.modelId}\` is not an embedding model.`, 'model');
  }
  // Rerank models answer only on /v1/rerank, and /v1/rerank only serves them; realtime models only on the WebSocket.
  if ((model.type === 'RERANK') !== (surface.name === 'rerank')) {
    throw model.type === 'RERANK'
      ? gatewayErrors.invalidRequest(`The model \`${model.modelId}\` is a rerank model: call POST /v1/rerank.`, 'model')
      : gatewayErrors.invalidRequest(`The model \`${model.modelId}\` is not a rerank model.`, 'model');
  }
  if (model.type === 'REALTIME') {
    throw gatewayErrors.invalidRequest(`The model \`${model.modelId}\` is a realtime model: open a WebSocket to GET /v1/realtime?model=${model.modelId}.`, 'model');
  }
  if (request.rerank) {
    const rerank = request.rerank;
    const charge = hold(deps, key, trace, model, rerankHold(rerank, model, dearest(access.route)), price);
    await charge.admitted;
    return releaseUnsettled(charge, () => serveRerank(deps, { ...admitted, charge }, rerank, res));
  }
  refuseWrongDoor(surface.name, model);
  if (request.media) {
    const plan = planMediaHold(model, request.media, body.model, dearest(access.route));
    const charge = hold(deps, key, trace, model, plan.amount, price);
    await charge.admitted;
    return releaseUnsettled(charge, () => serveMedia(deps, { ...admitted, charge, media: request.media!, limits: plan.limits, promptCharge: plan.promptCharge }, res));
  }
  if (model.type === 'EMBEDDING') {
    const prompt = estimatePrompt(body);
    const amount = maxCostOf(model.prices, { promptTokens: prompt.reserve, maxCompletionTokens: 0, audioMs: 0 }, dearest(access.route));
    const charge = hold(deps, key, trace, model, amount, price);
    await charge.admitted;
    return releaseUnsettled(charge, () => serveEmbeddings(deps, { ...admitted, prompt, completionCap: 0, charge }, res));
  }

  if (model.type === 'SPEECH_TO_TEXT') {
    const audio = await (request.speech ? measureSpeech(request.speech.data, request.speech.format, 'file') : readSpeechInput(body, model.modelId));
    const amount = maxCostOf(model.prices, { promptTokens: 0, maxCompletionTokens: 0, audioMs: audio.maxMs }, dearest(access.route));
    const charge = hold(deps, key, trace, model, amount, price);
    await charge.admitted;
    return releaseUnsettled(charge, () => serveTranscription(deps, { ...admitted, charge, audio }, res));
  }

  refuseAudio(body, model.modelId);
  if (request.inputs) await measureInputAudio(request.inputs);
  const channels = await deps.channels.get();
  const { prompt, completionCap, maxCost } = candidateFor(model, access.route, request, body, channels);
  // One hold for the whole chain, at its dearest model: whichever serves settles within it, and
  // the unused rest is released (fallbacks are of the same tier, so the same bucket pays).
  const fallbacks = (request.fallbackModels ?? model.fallbacks).length ? await fallbackCandidates(facts, model, request, body, channels) : [];
  const amount = fallbacks.reduce((most, c) => (c.maxCost > most ? c.maxCost : most), maxCost);
  const charge = hold(deps, key, trace, model, amount, price);
  await charge.admitted;
  const call: ChatCall = { ...admitted, prompt, completionCap, charge, ...(fallbacks.length ? { fallbacks } : {}) };
  return releaseUnsettled(charge, () => (trace.stream ? serveStream(deps, call, res) : serveJson(deps, call, res)));
}

function responseContextOf(model: string, trace: RequestTrace): ResponseContext {
  return { model, requestId: trace.requestId, created: Math.floor(Date.now() / 1000) };
}

/** Starts reserving the most the request can cost from the bucket that pays for this model. */
export function hold(deps: GatewayDeps, key: VerifiedKey, trace: RequestTrace, model: CatalogueEntry, amount: bigint, price: PriceReport): ChargeOnce {
  const span = trace.span?.child('gateway.reserve', { 'gateway.reserve.amount': Number(amount), 'gateway.model.tier': model.tier });
  const reserving = deps.billing.reserve({ requestId: trace.requestId, userId: key.userId, tokenId: key.tokenId, tier: model.tier, amount }).then(
    (reserved) => {
      if (span) {
        if (!reserved.ok) span.fail(reserved.reason);
        span.end(reserved.ok ? { 'gateway.bucket': reserved.reservation.bucket } : { 'gateway.reserve.refused': reserved.reason });
      }
      if (!reserved.ok) throw reserveError(reserved, model.modelId, amount);
      price.onHold(amount, reserved.spare);
      trace.bucket = reserved.reservation.bucket;
      trace.subscriptionId = reserved.reservation.subscriptionId;
      return reserved.reservation;
    },
    (err: unknown) => {
      if (span) {
        span.fail(errorCodeOf(err) ?? 'reserve_failed');
        span.end();
      }
      throw err;
    },
  );
  return new ChargeOnce(deps.billing, reserving, deps.logger, trace.span);
}

/** Whatever went wrong on the way, an unsettled reservation is released, never left held. */
async function releaseUnsettled(charge: ChargeOnce, serve: () => Promise<void>): Promise<void> {
  try {
    await serve();
  } finally {
    if (!charge.finished) await charge.release();
  }
}
