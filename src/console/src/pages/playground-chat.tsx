import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaygroundUsageDocument } from '../../generated/graphql';
import { Money } from '../components/money';
import { SafeMarkdown } from '../components/safe-markdown';
import { streamChat } from '../lib/chat-stream';
import { request } from '../lib/graphql';

interface Turn {
  role: 'user' | 'assistant';
  content: string;
  tokens?: { prompt: number; completion: number };
  cost?: string;
  error?: string;
}

/**
 * The billed cost of one request as its usage row records it. Rows are written just after the
 * answer ends, so the log is read again a few times, briefly, before giving up (no cost shown).
 */
async function costOf(requestId: string): Promise<string | undefined> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const page = await request(PlaygroundUsageDocument, { first: 20 });
    const row = page.usage.edges.find((e) => e.node.requestId === requestId);
    if (row) return row.node.cost;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return undefined;
}

export function PlaygroundChat({ apiKey, model }: { apiKey: string; model: string }) {
  const { t } = useTranslation();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const abort = useRef<AbortController | null>(null);
  const [busy, setBusy] = useState(false);

  const updateLast = (change: (turn: Turn) => Turn) => setTurns((all) => [...all.slice(0, -1), change(all[all.length - 1]!)]);

  const send = async () => {
    const text = draft.trim();
    if (!text || busy) return;
    const history = [...turns.filter((x) => !x.error).map(({ role, content }) => ({ role, content })), { role: 'user' as const, content: text }];
    setTurns((all) => [...all, { role: 'user', content: text }, { role: 'assistant', content: '' }]);
    setDraft('');
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const answer = await streamChat(apiKey, { model, messages: history }, (piece) => updateLast((turn) => ({ ...turn, content: turn.content + piece })), controller.signal);
      if (answer.usage) updateLast((turn) => ({ ...turn, tokens: { prompt: answer.usage!.prompt_tokens, completion: answer.usage!.completion_tokens } }));
      if (answer.requestId) {
        const cost = await costOf(answer.requestId);
        if (cost !== undefined) updateLast((turn) => ({ ...turn, cost }));
      }
    } catch (err) {
      if (!controller.signal.aborted) updateLast((turn) => ({ ...turn, error: err instanceof Error ? err.message : String(err) }));
    } finally {
      abort.current = null;
      setBusy(false);
    }
  };

  return (
    <Stack>
      {turns.map((turn, i) => (
        <Paper key={i} withBorder p="sm" data-testid={`turn-${turn.role}`} bg={turn.role === 'user' ? 'gray.0' : undefined}>
          <Text size="xs" c="dimmed" mb={4}>{turn.role === 'user' ? t('playground.you') : model}</Text>
          {turn.role === 'assistant' ? <SafeMarkdown text={turn.content} /> : <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{turn.content}</Text>}
          {turn.error && <Text size="sm" c="red">{turn.error}</Text>}
          {(turn.tokens || turn.cost) && (
            <Group gap="xs" mt="xs" data-testid="answer-usage">
              {turn.tokens && <Badge variant="light">{t('playground.tokens', { prompt: turn.tokens.prompt, completion: turn.tokens.completion })}</Badge>}
              {turn.cost !== undefined && <Group gap={4}><Text size="xs">{t('playground.cost')}</Text><Money units={turn.cost} size="xs" /></Group>}
            </Group>
          )}
        </Paper>
      ))}
      <Textarea
        label={t('playground.message')} value={draft} autosize minRows={2}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <Group>
        <Button onClick={() => void send()} disabled={busy || !draft.trim()}>{t('playground.send')}</Button>
        <Button variant="default" onClick={() => abort.current?.abort()} disabled={!busy}>{t('playground.stop')}</Button>
      </Group>
    </Stack>
  );
}
