import { useEffect, useRef, useState } from 'react';
import { CreatePlaygroundKeyDocument, RevokeKeyDocument } from '../../generated/graphql';
import { request } from '../lib/graphql';

export type PlaygroundKey = { state: 'loading' } | { state: 'ready'; key: string } | { state: 'failed'; message: string };

/**
 * A short-lived key made for this visit of the playground and revoked when the page is left.
 * If the revoke never happens (the tab is closed), the key's one-hour expiry ends it on the server.
 */
export function useTemporaryKey(enabled: boolean): PlaygroundKey {
  const [key, setKey] = useState<PlaygroundKey>({ state: 'loading' });
  const tokenId = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let left = false;
    request(CreatePlaygroundKeyDocument).then(
      ({ createPlaygroundKey: result }) => {
        if (result.__typename !== 'CreateTokenSuccess') {
          setKey({ state: 'failed', message: 'message' in result ? String(result.message) : 'failed' });
          return;
        }
        tokenId.current = result.token.id;
        // Left before the key arrived: revoke it at once.
        if (left) void request(RevokeKeyDocument, { id: result.token.id });
        else setKey({ state: 'ready', key: result.key });
      },
      (err: unknown) => setKey({ state: 'failed', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      left = true;
      if (tokenId.current) void request(RevokeKeyDocument, { id: tokenId.current }).catch(() => undefined);
      tokenId.current = null;
    };
  }, [enabled]);
  return key;
}
