import { parseMultipart } from '../../../src/demo/fake-upstream/multipart-parser';
import { GatewayError } from '../../../src/gateway/gateway-error';
import { openAITranscriptionProvider } from '../../../src/gateway/providers/openai-transcription';
import type { UpstreamTarget } from '../../../src/gateway/providers/types';
import { encodeSilentWav } from '../../support/audio-fixtures';

const provider = openAITranscriptionProvider;
const target: UpstreamTarget = { baseUrl: 'https://api.openai.com/v1/', apiKey: 'sk-upstream', upstreamModel: 'whisper-1', maxOutputTokens: 0 };

describe('OpenAI transcription request', () => {
  it('builds a multipart upload of the audio with model, verbose_json and the options', () => {
    const wav = encodeSilentWav(0.5);
    const request = provider.buildTranscriptionRequest({ data: new Uint8Array(wav), format: 'WAV' }, target, { language: 'de', prompt: 'Grüße, "quoted"\r\nnext line' });
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://api.openai.com/v1/audio/transcriptions');
    expect(request.headers.authorization).toBe('Bearer sk-upstream');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=----gateway-[0-9a-f]{32}$/);
    expect(request.body).toBeInstanceOf(Uint8Array);

    const parts = parseMultipart(Buffer.from(request.body as Uint8Array), request.headers['content-type']);
    expect(parts?.map((p) => ({ name: p.name, filename: p.filename, contentType: p.contentType }))).toEqual([
      { name: 'file', filename: 'audio.wav', contentType: 'audio/wav' },
      { name: 'model', filename: undefined, contentType: undefined },
      { name: 'response_format', filename: undefined, contentType: undefined },
      { name: 'language', filename: undefined, contentType: undefined },
      { name: 'prompt', filename: undefined, contentType: undefined },
    ]);
    expect(parts![0]!.data.equals(wav)).toBe(true);
    expect(parts!.slice(1).map((p) => p.data.toString('utf8'))).toEqual(['whisper-1', 'verbose_json', 'de', 'Grüße, "quoted"\r\nnext line']);
  });

  it('sends a translation to /audio/translations, without a language, with temperature and timestamp granularities', () => {
    const request = provider.buildTranscriptionRequest({ data: new Uint8Array([1]), format: 'wav' }, target, {
      task: 'translate', language: 'de', temperature: 0.2, timestampGranularities: ['word', 'segment'], extraFields: [['chunking_strategy', 'auto']],
    });
    expect(request.url).toBe('https://api.openai.com/v1/audio/translations');
    const parts = parseMultipart(Buffer.from(request.body as Uint8Array), request.headers['content-type'])!;
    expect(parts.slice(1).map((p) => [p.name, p.data.toString()])).toEqual([
      ['model', 'whisper-1'], ['response_format', 'verbose_json'], ['temperature', '0.2'],
      ['timestamp_granularities[]', 'word'], ['timestamp_granularities[]', 'segment'], ['chunking_strategy', 'auto'],
    ]);
  });

  it('asks GPT-4o transcribe models for json, which is all they accept', () => {
    const request = provider.buildTranscriptionRequest({ data: new Uint8Array([1]), format: 'mp3' }, { ...target, upstreamModel: 'gpt-4o-mini-transcribe' }, {});
    const parts = parseMultipart(Buffer.from(request.body as Uint8Array), request.headers['content-type'])!;
    expect(parts.find((p) => p.name === 'response_format')!.data.toString()).toBe('json');
  });

  it('labels each format with its MIME type and refuses a format that could break the part header', () => {
    const audio = (format: string) => provider.buildTranscriptionRequest({ data: new Uint8Array([1, 2, 3]), format }, target, {});
    const fileHeader = (format: string) => {
      const request = audio(format);
      return parseMultipart(Buffer.from(request.body as Uint8Array), request.headers['content-type'])![0];
    };
    expect(fileHeader('mp3')).toMatchObject({ filename: 'audio.mp3', contentType: 'audio/mpeg' });
    expect(fileHeader('m4a')).toMatchObject({ filename: 'audio.m4a', contentType: 'audio/mp4' });
    expect(fileHeader('pcm16')).toMatchObject({ filename: 'audio.pcm16', contentType: 'application/octet-stream' });
    expect(() => audio('wav"; name="model')).toThrow(GatewayError);
    expect(() => audio('')).toThrow(GatewayError);
  });
});

describe('OpenAI transcription response', () => {
  it('reads the duration from verbose_json in milliseconds', () => {
    const verbose = { task: 'transcribe', language: 'english', duration: 8.470000267028809, text: 'The beach was a popular spot.', segments: [{ id: 0, start: 0, end: 8.47, text: ' The beach was a popular spot.' }] };
    expect(provider.parseTranscriptionResponse(verbose))
      .toEqual({ text: 'The beach was a popular spot.', durationMs: 8470, segments: [{ start: 0, end: 8.47, text: ' The beach was a popular spot.' }], raw: verbose });
  });

  it('falls back to usage seconds, and to null when the answer has no duration', () => {
    expect(provider.parseTranscriptionResponse({ text: 'hi', usage: { type: 'duration', seconds: 3 } })).toMatchObject({ text: 'hi', durationMs: 3000 });
    expect(provider.parseTranscriptionResponse({ text: 'hi', usage: { type: 'tokens', input_tokens: 14, output_tokens: 2, total_tokens: 16 } })).toMatchObject({ text: 'hi', durationMs: null, tokens: { input: 14, output: 2 } });
    expect(provider.parseTranscriptionResponse('plain text answer\n')).toEqual({ text: 'plain text answer', durationMs: null });
  });

  it('rejects an answer without text', () => {
    expect(() => provider.parseTranscriptionResponse({ duration: 1 })).toThrow(/malformed transcription/);
  });

  it('classifies errors by status, a bad key or an empty account disabling the channel', () => {
    expect(provider.classifyError(400, { error: { message: 'Invalid file format.', type: 'invalid_request_error', param: 'file', code: null } }))
      .toMatchObject({ status: 400, callerFault: true, retryable: false, message: 'Invalid file format.', param: 'file' });
    expect(provider.classifyError(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }))
      .toMatchObject({ keyInvalid: true, retryable: true, callerFault: false });
    expect(provider.classifyError(429, { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } }))
      .toMatchObject({ keyInvalid: true, retryable: true });
    expect(provider.classifyError(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }))
      .toMatchObject({ keyInvalid: false, retryable: true });
    expect(provider.classifyError(503, 'upstream connect error')).toMatchObject({ retryable: true, callerFault: false });
  });
});
