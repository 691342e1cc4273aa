import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGitHubUser {
  id: number;
  login: string;
  /** What GitHub lists at GET /user/emails. */
  emails: Array<{ email: string; primary: boolean; verified: boolean; visibility: 'public' | 'private' | null }>;
}

export interface FakeGitHub {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Who approves the next authorization. */
  signInAs(user: FakeGitHubUser): void;
  /** Token requests seen, with the Accept header they were made with. */
  tokenRequests: Array<{ accept: string | undefined; contentType: string | undefined }>;
  close(): Promise<void>;
}

interface IssuedCode {
  user: FakeGitHubUser;
  redirectUri: string;
  codeChallenge: string | null;
  used: boolean;
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) }).end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * GitHub's OAuth app endpoints and the two REST calls sign-in needs, on one loopback origin (the
 * provider's authorizeUrl, tokenUrl and apiUrl all point here), answering as github.com and
 * api.github.com do: the authorize step redirects back with `code` and `state` (as GitHub does for
 * an app the person already approved); `POST /login/oauth/access_token` answers form-encoded by
 * default and JSON for `Accept: application/json`, and reports a bad code as HTTP 200 with an
 * `error` field, as GitHub does; PKCE (S256) is checked when the authorize step carried a challenge.
 */
export async function startFakeGitHub(): Promise<FakeGitHub> {
  const clientId = 'Iv1.testclient0001';
  const clientSecret = 'github-test-secret-0123456789abcdef';
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, FakeGitHubUser>();
  const tokenRequests: FakeGitHub['tokenRequests'] = [];
  let current: FakeGitHubUser | null = null;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://github.test');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('client_id') !== clientId || !redirectUri || !current) return send(res, 404, 'text/html; charset=utf-8', '<html>Not Found</html>');
      const code = randomBytes(10).toString('hex');
      codes.set(code, { user: current, redirectUri, codeChallenge: url.searchParams.get('code_challenge'), used: false });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href, 'content-type': 'text/html; charset=utf-8' }).end(`<html><body>You are being <a href="${back.href}">redirected</a>.</body></html>`);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const accept = req.headers.accept;
      tokenRequests.push({ accept, contentType: req.headers['content-type'] });
      const form = new URLSearchParams(await readBody(req));
      const json = accept?.includes('application/json') ?? false;
      const answer = (fields: Record<string, string>) => json
        ? send(res, 200, 'application/json; charset=utf-8', JSON.stringify(fields))
        : send(res, 200, 'application/x-www-form-urlencoded; charset=utf-8', new URLSearchParams(fields).toString());
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return answer({ error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.', error_uri: 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#incorrect-client-credentials' });
      }
      const issued = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier');
      const challengeOk = !issued?.codeChallenge || (verifier !== null && createHash('sha256').update(verifier).digest('base64url') === issued.codeChallenge);
      if (!issued || issued.used || !challengeOk || (form.get('redirect_uri') ?? issued.redirectUri) !== issued.redirectUri) {
        if (issued) issued.used = true;
        return answer({ error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.', error_uri: 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code' });
      }
      issued.used = true;
      const token = `gho_${randomBytes(18).toString('base64url')}`;
      tokens.set(token, issued.user);
      return answer({ access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
    if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      const auth = req.headers.authorization ?? '';
      const user = tokens.get(auth.replace(/^(?:Bearer|token) /i, ''));
      if (!user) return send(res, 401, 'application/json; charset=utf-8', JSON.stringify({ message: 'Requires authentication', documentation_url: 'https://docs.github.com/rest', status: '401' }));
      if (!req.headers['user-agent']) return send(res, 403, 'text/plain', 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header.');
      const body = url.pathname === '/user'
        ? { login: user.login, id: user.id, node_id: `U_${user.id}`, type: 'User', site_admin: false, name: user.login, email: null }
        : user.emails;
      return send(res, 200, 'application/json; charset=utf-8', JSON.stringify(body));
    }
    send(res, 404, 'application/json; charset=utf-8', JSON.stringify({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId, clientSecret, tokenRequests,
    signInAs: (user) => { current = user; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
