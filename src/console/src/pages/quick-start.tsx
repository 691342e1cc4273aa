import { Button, Card, Code, CopyButton, Group, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The three settings any OpenAI-style client needs, as runnable snippets. */
export function snippets(baseUrl: string, key: string, model: string): Record<'curl' | 'python' | 'node', string> {
  return {
    curl: `curl ${baseUrl}/chat/completions \\\n  -H "Authorization: Bearer ${key}" \\\n  -H "Content-Type: application/json" \\\n  -d '{"model": "${model}", "messages": [{"role": "user", "content": "Hello"}]}'`,
    python: `from openai import OpenAI\n\nclient = OpenAI(base_url="${baseUrl}", api_key="${key}")\nreply = client.chat.completions.create(\n    model="${model}",\n    messages=[{"role": "user", "content": "Hello"}],\n)\nprint(reply.choices[0].message.content)`,
    node: `import OpenAI from 'openai';\n\nconst client = new OpenAI({ baseURL: '${baseUrl}', apiKey: '${key}' });\nconst reply = await client.chat.completions.create({\n  model: '${model}',\n  messages: [{ role: 'user', content: 'Hello' }],\n});\nconsole.log(reply.choices[0].message.content);`,
  };
}

export function QuickStart({ apiKey }: { apiKey?: string }) {
  const { t } = useTranslation();
  const baseUrl = `${window.location.origin}/v1`;
  const code = snippets(baseUrl, apiKey ?? 'sk-...', 'gpt-4o-mini');
  return (
    <Card withBorder>
      <Title order={4}>{t('quickStart.title')}</Title>
      <Text size="sm" c="dimmed" mb="xs">{t('quickStart.intro')}</Text>
      <Group mb="sm" gap="xs">
        <Text size="sm">{t('quickStart.baseUrl')}:</Text>
        <Code data-testid="base-url">{baseUrl}</Code>
        <CopyButton value={baseUrl}>{({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? t('common.copied') : t('common.copy')}</Button>}</CopyButton>
      </Group>
      <Tabs defaultValue="curl">
        <Tabs.List>
          <Tabs.Tab value="curl">curl</Tabs.Tab>
          <Tabs.Tab value="python">Python</Tabs.Tab>
          <Tabs.Tab value="node">Node.js</Tabs.Tab>
        </Tabs.List>
        {(Object.keys(code) as Array<keyof typeof code>).map((lang) => (
          <Tabs.Panel key={lang} value={lang} pt="xs">
            <Code block>{code[lang]}</Code>
            <CopyButton value={code[lang]}>{({ copied, copy }) => <Button mt="xs" size="xs" variant="light" onClick={copy}>{copied ? t('common.copied') : t('common.copy')}</Button>}</CopyButton>
          </Tabs.Panel>
        ))}
      </Tabs>
      {!apiKey && <Text size="xs" c="dimmed" mt="xs">{t('quickStart.keyHint')}</Text>}
    </Card>
  );
}
