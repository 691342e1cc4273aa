// A real OpenID Connect provider (the certified `oidc-provider` package) for the tests, run in a
// child process of its own because the package is ESM-only. It signs in whoever the test says
// (POST /__control/account) without a login page, and its clock can be moved (POST
// /__control/clock) to issue ID tokens that have already expired. Prints {"issuer"} once listening.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const [clientId, clientSecret, ...redirectUris] = process.argv.slice(2);
const realNow = Date.now;
let clockOffsetMs = 0;
Date.now = () => realNow() + clockOffsetMs;

let nextAccount = { sub: 'person-1', email: 'person@example.com', email_verified: true };
const accounts = new Map();

let provider;
const server = createServer(async (req, res) => {
  try {
    if (req.url.startsWith('/__control/')) {
      const body = JSON.parse(await readBody(req));
      if (req.url === '/__control/account') nextAccount = body;
      if (req.url === '/__control/clock') clockOffsetMs = body.offsetMs;
      res.writeHead(204).end();
      return;
    }
    if (req.url.startsWith('/interaction/')) {
      // No login or consent page: the person the test chose signs in and consents at once.
      const details = await provider.interactionDetails(req, res);
      accounts.set(nextAccount.sub, nextAccount);
      let result;
      if (details.prompt.name === 'login') {
        result = { login: { accountId: nextAccount.sub } };
      } else {
        const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
        grant.addOIDCScope(String(details.params.scope));
        result = { consent: { grantId: await grant.save() } };
      }
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      return;
    }
    provider.callback()(req, res);
  } catch (err) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
  }
});

function readBody(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => { text += chunk; });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  provider = new Provider(issuer, {
    clients: [{
      client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris,
      grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post',
    }],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ ...account }) } : undefined;
    },
  });
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});
