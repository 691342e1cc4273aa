/**
 * The session token lives in localStorage so it survives reloads; it is sent only to our own
 * /graphql and /export endpoints. Expiry is checked locally (expiresAt) and by the server
 * (SESSION_EXPIRED), and either way the console returns to the sign-in page.
 */
export interface StoredSession {
  token: string;
  expiresAt: string;
}

const KEY = 'gw.session';
/** `ended`: the server refused the session (expired, signed out elsewhere), not the person signing out. */
type Listener = (session: StoredSession | null, ended: boolean) => void;
const listeners = new Set<Listener>();

export function readSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredSession;
    if (typeof parsed.token !== 'string' || new Date(parsed.expiresAt).getTime() <= Date.now()) {
      localStorage.removeItem(KEY);
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

export function saveSession(session: StoredSession | null, options: { ended?: boolean } = {}): void {
  if (session) localStorage.setItem(KEY, JSON.stringify(session));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener(session, session === null && options.ended === true);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
