import { Alert, Stack, Text, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import Markdown from 'react-markdown';
import { AnnouncementsDocument } from '../../generated/graphql';
import { request } from '../lib/graphql';
import { DateText } from './date-text';

/**
 * Links in a notice open in a new tab without giving the opened page a handle on this one
 * (rel=noopener) or our address (noreferrer). react-markdown already drops javascript: and
 * other unsafe URLs.
 */
function SafeLink(props: ComponentProps<'a'>) {
  const { node: _node, ...rest } = props as ComponentProps<'a'> & { node?: unknown };
  return <a {...rest} target="_blank" rel="noopener noreferrer" />;
}

/**
 * Operator notices as Markdown. Raw HTML in the text is never rendered (skipHtml), so a notice
 * cannot inject markup or scripts; only Markdown's own elements come out.
 */
export function AnnouncementMarkdown({ body }: { body: string }) {
  return (
    <Typography>
      <Markdown skipHtml components={{ a: SafeLink }}>{body}</Markdown>
    </Typography>
  );
}

/** The notices shown now (anonymous query: the pricing page shows them signed out too). */
export function AnnouncementList() {
  const announcements = useQuery({ queryKey: ['announcements'], queryFn: () => request(AnnouncementsDocument) });
  const list = announcements.data?.announcements ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="sm" aria-label="announcements" role="region">
      {list.map((a) => (
        <Alert key={a.id} color="blue" variant="light" title={a.title} data-testid="announcement">
          <AnnouncementMarkdown body={a.body} />
          <Text size="xs" c="dimmed"><DateText iso={a.startsAt} /></Text>
        </Alert>
      ))}
    </Stack>
  );
}
