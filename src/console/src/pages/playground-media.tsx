import { Alert, Button, Image, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/chat-stream';

async function post(apiKey: string, path: string, body: unknown): Promise<Response> {
  const res = await fetch(`/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(await errorMessage(res));
  return res;
}

/** `POST /v1/images/generations` with `b64_json`, shown inline (a data URL: nothing is fetched from elsewhere). */
export function PlaygroundImage({ apiKey, model }: { apiKey: string; model: string }) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await post(apiKey, '/images/generations', { model, prompt, n: 1, response_format: 'b64_json' });
      const body = (await res.json()) as { data?: Array<{ b64_json?: string }> };
      const b64 = body.data?.[0]?.b64_json;
      if (!b64) throw new Error(t('playground.noImage'));
      setImage(`data:image/png;base64,${b64}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <TextInput label={t('playground.imagePrompt')} value={prompt} onChange={(e) => setPrompt(e.currentTarget.value)} />
      <Button onClick={() => void generate()} loading={busy} disabled={!prompt.trim()} w="fit-content">{t('playground.generateImage')}</Button>
      {error && <Alert color="red">{error}</Alert>}
      {image && <Image src={image} alt={prompt} maw={512} data-testid="generated-image" />}
    </Stack>
  );
}

const VOICES = ['alloy', 'ash', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer'];

/** `POST /v1/audio/speech`: the clip plays from a blob URL, released when replaced or when the page goes. */
export function PlaygroundSpeech({ apiKey, model }: { apiKey: string; model: string }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [voice, setVoice] = useState('alloy');
  const [clip, setClip] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => {
    if (clip) URL.revokeObjectURL(clip);
  }, [clip]);
  const synthesize = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await post(apiKey, '/audio/speech', { model, input, voice, response_format: 'wav' });
      setClip(URL.createObjectURL(await res.blob()));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <TextInput label={t('playground.speechInput')} value={input} onChange={(e) => setInput(e.currentTarget.value)} />
      <Select label={t('playground.voice')} data={VOICES} value={voice} onChange={(v) => setVoice(v ?? 'alloy')} w={200} />
      <Button onClick={() => void synthesize()} loading={busy} disabled={!input.trim()} w="fit-content">{t('playground.synthesize')}</Button>
      {error && <Alert color="red">{error}</Alert>}
      {clip && <audio controls src={clip} data-testid="speech-audio" />}
    </Stack>
  );
}
