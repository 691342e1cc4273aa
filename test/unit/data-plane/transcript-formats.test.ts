import type { TranscriptionResult } from '../../../src/gateway/providers/types';
import { renderTranscript } from '../../../src/gateway/surfaces/audio/transcript-formats';
import type { SpeechRequest, TranscriptFormat } from '../../../src/gateway/surfaces/surface';

function speech(responseFormat: TranscriptFormat, task: 'transcribe' | 'translate' = 'transcribe'): SpeechRequest {
  return { data: Buffer.alloc(0), format: 'wav', responseFormat, options: { task } };
}

const verbose: TranscriptionResult = {
  text: 'Hello there. General Kenobi.',
  durationMs: 3723_456,
  segments: [
    { start: 0, end: 1.5, text: ' Hello there.' },
    { start: 3661.25, end: 3723.456, text: ' General Kenobi.' },
  ],
  raw: { task: 'transcribe', language: 'english', duration: 3723.456, text: 'Hello there. General Kenobi.', segments: [], model: 'whisper-large-v3' },
};

/** What GPT-4o transcribe models answer: json with token usage, no duration, no segments. */
const jsonOnly: TranscriptionResult = {
  text: 'Hi.',
  durationMs: null,
  tokens: { input: 14, output: 2 },
  raw: { text: 'Hi.', usage: { type: 'tokens', input_tokens: 14, output_tokens: 2, total_tokens: 16 } },
};

describe('transcript formats', () => {
  it('srt and vtt number and time every segment (hours included)', () => {
    expect(renderTranscript(verbose, speech('srt'), 'whisper-1')).toEqual({
      contentType: 'text/plain; charset=utf-8',
      body: '1\n00:00:00,000 --> 00:00:01,500\nHello there.\n\n2\n01:01:01,250 --> 01:02:03,456\nGeneral Kenobi.\n\n',
    });
    expect(renderTranscript(verbose, speech('vtt'), 'whisper-1').body).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello there.\n\n01:01:01.250 --> 01:02:03.456\nGeneral Kenobi.\n\n',
    );
  });

  it('verbose_json is the upstream answer, with the model the caller asked for', () => {
    const rendered = renderTranscript(verbose, speech('verbose_json'), 'whisper-1');
    expect(rendered.contentType).toBe('application/json');
    expect(JSON.parse(rendered.body)).toEqual({ ...verbose.raw, model: 'whisper-1' });
  });

  it('an upstream that only answers json still gives every format', () => {
    expect(JSON.parse(renderTranscript(jsonOnly, speech('json'), 'gpt-4o-transcribe').body)).toEqual({ text: 'Hi.', usage: jsonOnly.raw!.usage });
    expect(renderTranscript(jsonOnly, speech('text'), 'gpt-4o-transcribe').body).toBe('Hi.\n');
    expect(renderTranscript(jsonOnly, speech('srt'), 'gpt-4o-transcribe').body).toBe('1\n00:00:00,000 --> 00:00:00,000\nHi.\n\n');
    expect(JSON.parse(renderTranscript(jsonOnly, speech('verbose_json', 'translate'), 'gpt-4o-transcribe').body)).toEqual({
      task: 'translate', language: 'english', duration: 0, text: 'Hi.', segments: [], usage: jsonOnly.raw!.usage,
    });
  });

  it('json without an upstream usage block reports the duration in whole seconds', () => {
    const plain: TranscriptionResult = { text: 'ok', durationMs: 2100 };
    expect(JSON.parse(renderTranscript(plain, speech('json'), 'whisper-1').body)).toEqual({ text: 'ok', usage: { type: 'duration', seconds: 3 } });
  });
});
