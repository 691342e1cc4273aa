import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Helmet's headers on every response, with a CSP for what this app serves: the console (a
 * Vite-built single-page app, no inline scripts, everything from this origin) and JSON. Nothing
 * may come from another origin (no CDN); no `upgrade-insecure-requests`, because the gateway is
 * often reached over plain http on loopback or behind a TLS-terminating proxy.
 */
const BASE_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  // The playground plays synthesized speech from a blob URL the page made of the /v1/audio/speech answer.
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export function securityHeaders(): RequestHandler {
  return helmet({ contentSecurityPolicy: { useDefaults: false, directives: BASE_DIRECTIVES } });
}

/**
 * GraphiQL's page boots from one inline script that Yoga writes into the HTML with this
 * server's options, so that page alone also allows inline scripts (still nothing from another
 * origin). Only the HTML page: JSON answers keep the strict policy.
 */
export function graphiqlPageHeaders(): RequestHandler {
  const policy = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: { ...BASE_DIRECTIVES, 'script-src': ["'self'", "'unsafe-inline'"] },
  });
  return (req, res, next) => {
    if (req.method === 'GET' && req.accepts(['application/json', 'text/html']) === 'text/html') return policy(req, res, next);
    next();
  };
}
