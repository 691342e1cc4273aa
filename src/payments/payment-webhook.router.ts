import express, { type Request, type Response, Router } from 'express';
import type { Services } from '../services';
import { PaymentEventSchema } from './payment-event';
import { processPaymentEvent } from './payment-webhook.service';
import { verifySignature } from './webhook-signature';

const PROVIDER = /^[a-z0-9][a-z0-9_-]{0,63}$/;

function reply(res: Response, status: number, body: Record<string, unknown>): void {
  res.status(status).json(body);
}

/**
 * `POST /payments/webhook/:provider`. Mounted before any JSON parser: the signature covers the
 * exact bytes received, so the body is read raw and parsed only after it verified.
 * 2xx = processed or already seen (the provider stops retrying); 400 bad body; 401 bad signature.
 */
export function createPaymentWebhookRouter(services: Services): Router {
  const router = Router();
  router.post(
    '/webhook/:provider',
    express.raw({ type: () => true, limit: '256kb' }),
    async (req: Request<{ provider: string }>, res: Response) => {
      const { provider } = req.params;
      const { webhookSecret, toleranceSeconds } = services.config.payments;
      if (!PROVIDER.test(provider)) return reply(res, 404, { error: 'unknown provider' });
      if (!webhookSecret) return reply(res, 503, { error: 'payments are not configured (PAYMENT_WEBHOOK_SECRET)' });

      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const nowSeconds = Math.floor(services.clock.now().getTime() / 1000);
      const check = verifySignature(rawBody, req.get('x-signature'), webhookSecret, nowSeconds, toleranceSeconds);
      if (!check.ok) {
        services.logger.warn('payment webhook rejected', { provider, reason: check.reason });
        return reply(res, 401, { error: 'invalid signature', reason: check.reason });
      }

      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return reply(res, 400, { error: 'body is not JSON' });
      }
      const parsed = PaymentEventSchema.safeParse(json);
      if (!parsed.success) {
        return reply(res, 400, { error: 'invalid event', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
      }

      const outcome = await processPaymentEvent(services.orm.em.fork(), services.changeBus, provider, parsed.data, services.clock.now());
      if (outcome.status === 'rejected') {
        services.logger.warn('payment event refused', { provider, eventId: parsed.data.id, reason: outcome.reason });
        return reply(res, 422, { error: 'event refused', reason: outcome.reason });
      }
      if (outcome.status === 'ignored') {
        services.logger.warn('payment event changed nothing; check the order by hand', { provider, eventId: parsed.data.id, ...outcome });
      }
      return reply(res, 200, { received: true, ...outcome });
    },
  );
  return router;
}
