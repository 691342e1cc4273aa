import { useEffect, useState } from 'react';
import { CreatePlaygroundKeyDocument, RevokeKeyDocument } from '../../generated/graphql';
import { request } from '../lib/graphql';
import { readSession } from '../lib/session';

export type PlaygroundKey = { state: 'loading' } | { state: 'ready'; key: string } | { state: 'failed'; message: string };

/**
 * A short-lived key made for this visit of the playground and revoked when the visit ends,
 * however it ends:
 * - a route change inside the console unmounts the page: the effect's cleanup revokes;
 * - a full navigation, a reload or a closed tab unmounts nothing: `pagehide` revokes, as a
 *   keepalive request the browser finishes after the page is gone;
 * - signing out ends the session first, so the page's own revoke would be refused: the server
 *   revokes the user's playground keys with the session instead;
 * - a crash runs nothing: the key's short expiry on the server ends it.
 * A page restored from the back/forward cache had its key revoked on the way out, and makes a new one.
 */
export function useTemporaryKey(enabled: boolean): PlaygroundKey {
  const [key, setKey] = useState<PlaygroundKey>({ state: 'loading' });
  const [visit, setVisit] = useState(0);
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setVisit((n) => n + 1);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  useEffect(() => {
    if (!enabled) return undefined;
    // This run's own key: one from an earlier run (StrictMode's second mount, a switch to "own
    // key" and back while a key was still on its way) is that run's to revoke, never this one's.
    let tokenId: string | null = null;
    let over = false;
    const revoke = () => {
      over = true;
      const id = tokenId;
      tokenId = null;
      // Signed out: the server revoked it with the session, and a request without one is refused.
      if (id && readSession()) void request(RevokeKeyDocument, { id }, { keepalive: true }).catch(() => undefined);
    };
    setKey({ state: 'loading' });
    request(CreatePlaygroundKeyDocument).then(
      ({ createPlaygroundKey: result }) => {
        if (result.__typename !== 'CreateTokenSuccess') {
          if (!over) setKey({ state: 'failed', message: 'message' in result ? String(result.message) : 'failed' });
          return;
        }
        tokenId = result.token.id;
        // Left before the key arrived: revoke it at once.
        if (over) revoke();
        else setKey({ state: 'ready', key: result.key });
      },
      (err: unknown) => {
        if (!over) setKey({ state: 'failed', message: err instanceof Error ? err.message : String(err) });
      },
    );
    window.addEventListener('pagehide', revoke);
    return () => {
      window.removeEventListener('pagehide', revoke);
      revoke();
    };
  }, [enabled, visit]);
  return key;
}
