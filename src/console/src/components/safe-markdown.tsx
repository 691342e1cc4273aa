import { Code, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';

// A small Markdown subset (paragraphs, fenced code, inline code, bold, italics, bullet lists)
// rendered as React elements: model output is never turned into HTML, so nothing it contains
// (a <script>, an onerror attribute, a javascript: link) can run. Links stay plain text.

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /`([^`\n]+)`|\*\*([^*\n]+)\*\*|\*([^*\n]+)\*/g;
  let last = 0;
  let n = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const id = `${key}-${n++}`;
    if (m[1] !== undefined) out.push(<Code key={id}>{m[1]}</Code>);
    else if (m[2] !== undefined) out.push(<strong key={id}>{m[2]}</strong>);
    else out.push(<em key={id}>{m[3]}</em>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function SafeMarkdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  const parts = text.split('```');
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      const body = part.includes('\n') ? part.slice(part.indexOf('\n') + 1) : part;
      blocks.push(<Code key={`code-${i}`} block>{body.replace(/\n$/, '')}</Code>);
      return;
    }
    part.split(/\n{2,}/).forEach((paragraph, j) => {
      const lines = paragraph.split('\n').filter((l) => l.trim() !== '');
      if (lines.length === 0) return;
      const key = `p-${i}-${j}`;
      if (lines.every((l) => /^\s*[-*] /.test(l))) {
        blocks.push(<List key={key} size="sm">{lines.map((l, k) => <List.Item key={k}>{inline(l.replace(/^\s*[-*] /, ''), `${key}-${k}`)}</List.Item>)}</List>);
      } else {
        blocks.push(<Text key={key} size="sm" style={{ whiteSpace: 'pre-wrap' }}>{inline(lines.join('\n'), key)}</Text>);
      }
    });
  });
  return <>{blocks}</>;
}
