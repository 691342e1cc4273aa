import { pcmToWav } from '../../../lib/pcm-wav';
import { gatewayErrors } from '../../gateway-error';
import { geminiModelUrl } from '../gemini/request';
import type { SpeechUsage, SynthesisRequest } from '../media-request';
import { malformedUpstream } from '../openai-shape';
import type { UpstreamHttpRequest, UpstreamTarget } from '../types';
import { geminiMediaUsage, inlineParts, type GeminiMediaResponse } from './usage';

/** Gemini speech is 16-bit mono PCM at 24 kHz (`audio/L16;codec=pcm;rate=24000`). */
const GEMINI_SAMPLE_RATE = 24_000;

/**
 * OpenAI's voice names, as Gemini's prebuilt voices of a like character, so a client written for
 * OpenAI gets a voice rather than an error; any other name goes to Gemini as it is (Kore, Puck...).
 */
const VOICES: Record<string, string> = {
  alloy: 'Kore', ash: 'Charon', ballad: 'Sulafat', coral: 'Aoede', echo: 'Puck', fable: 'Fenrir',
  nova: 'Leda', onyx: 'Orus', sage: 'Achird', shimmer: 'Zephyr', verse: 'Iapetus',
};

/**
 * OpenAI's speech request as Gemini's `generateContent` with audio output. Gemini answers raw
 * PCM, which the gateway can give losslessly as `pcm` or `wav` only; mp3, opus, aac and flac
 * would need an encoder, so they are a 400 naming `response_format`.
 */
export function buildGeminiSpeechRequest(media: SynthesisRequest, target: UpstreamTarget): UpstreamHttpRequest {
  if (media.format !== 'wav' && media.format !== 'pcm') {
    throw gatewayErrors.invalidRequest(
      `Invalid value for 'response_format': this model speaks 24 kHz PCM, given losslessly as wav or pcm; ${media.format} is not offered.`, 'response_format',
    );
  }
  const text = media.instructions ? `${media.instructions}\n\n${media.input}` : media.input;
  const body = {
    contents: [{ role: 'user', parts: [{ text }] }],
    generationConfig: {
      responseModalities: ['AUDIO'],
      speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: VOICES[media.voice] ?? media.voice } } },
    },
  };
  return {
    method: 'POST',
    url: geminiModelUrl(target.baseUrl, target.upstreamModel, false),
    headers: { 'content-type': 'application/json', 'x-goog-api-key': target.apiKey },
    body: JSON.stringify(body),
  };
}

/** The PCM of Gemini's answer in the asked format, and its usage. */
export function parseGeminiSpeechResponse(json: unknown, media: SynthesisRequest): { audio: Buffer; usage: SpeechUsage | null } {
  if (typeof json !== 'object' || json === null) throw malformedUpstream('generateContent response');
  const response = json as GeminiMediaResponse;
  const parts = inlineParts(response).filter((p) => p.mimeType.startsWith('audio/'));
  if (!parts.length) throw malformedUpstream('speech answer (no audio)');
  const pcm = Buffer.concat(parts.map((p) => Buffer.from(p.data, 'base64')));
  const usage = geminiMediaUsage(response.usageMetadata);
  return {
    audio: media.format === 'wav' ? pcmToWav(pcm, GEMINI_SAMPLE_RATE) : pcm,
    usage: usage && { inputTokens: usage.textInputTokens + usage.imageInputTokens, outputTokens: usage.outputTokens },
  };
}
