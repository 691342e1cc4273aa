import express, { type Request, type Response, Router } from 'express';
import { invitationRewardRules } from '../domain/invitations/invitation-rewards';
import { applyPaymentEvent, type PaymentEventOutcome } from '../domain/subscriptions/payment-events';
import type { IncomingNotification, PaymentProvider, VerifiedPaymentEvent } from '../domain/subscriptions/payment-provider';
import type { Services } from '../services';
import { CustomEventSchema, toCustomPaymentEvent } from './custom/custom-event';
import { verifySignature } from './webhook-signature';

const SENDER = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** Names a custom sender may not post under: they would pass for a real provider or an admin. */
const RESERVED_SENDERS = new Set(['stripe', 'epay', 'custom', 'admin']);
// Mounted before any body parser: signatures cover the exact bytes received.
const rawBody = express.raw({ type: () => true, limit: '256kb' });

function json(res: Response, status: number, body: Record<string, unknown>): void {
  res.status(status).json(body);
}

function nowSeconds(services: Services): number {
  return Math.floor(services.clock.now().getTime() / 1000);
}

function notificationOf(req: Request, services: Services, params: URLSearchParams): IncomingNotification {
  return {
    rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    header: (name) => req.get(name),
    params,
    nowSeconds: nowSeconds(services),
  };
}

function apply(services: Services, event: VerifiedPaymentEvent): Promise<PaymentEventOutcome> {
  return applyPaymentEvent(
    services.orm.em.fork(), services.changeBus, services.logger, event, services.clock.now(), invitationRewardRules(services.settings.current()),
  );
}

/**
 * The payment notification endpoints. Every failed signature, timestamp or merchant id is
 * answered without saying which (it would only help someone forging them) and logged at debug;
 * what a verified event does is logged by applyPaymentEvent.
 * - `POST /payments/webhook/:sender` (custom HMAC): 200 processed/duplicate/ignored, 400 bad body,
 *   401 bad signature, 422 refused (amount, unknown or foreign order).
 * - `POST /payments/stripe/webhook`: 2xx for every verified event, refused ones included (a
 *   retry cannot fix a wrong amount; it is logged), except a refund that overtook its payment
 *   (400, so Stripe delivers it again); 400 for a bad signature.
 * - `GET|POST /payments/epay/notify`: plain `success` for processed or already processed,
 *   `fail` for anything refused, so epay retries only what might still succeed.
 */
export function createPaymentRouter(services: Services): Router {
  const router = Router();

  router.post('/webhook/:sender', rawBody, async (req: Request<{ sender: string }>, res: Response) => {
    const { sender } = req.params;
    const { webhookSecret, toleranceSeconds } = services.config.payments;
    if (!SENDER.test(sender) || RESERVED_SENDERS.has(sender)) return json(res, 404, { error: 'unknown payment sender' });
    if (!webhookSecret) return json(res, 503, { error: 'payments are not configured (PAYMENT_WEBHOOK_SECRET)' });
    const body = notificationOf(req, services, new URLSearchParams()).rawBody;
    const check = verifySignature(body, req.get('x-signature'), webhookSecret, nowSeconds(services), toleranceSeconds);
    if (!check.ok) {
      services.logger.debug('payment webhook signature refused', { sender, reason: check.reason });
      return json(res, 401, { error: 'invalid signature' });
    }
    let parsedJson: unknown;
    try {
      parsedJson = JSON.parse(body.toString('utf8'));
    } catch {
      return json(res, 400, { error: 'body is not JSON' });
    }
    const parsed = CustomEventSchema.safeParse(parsedJson);
    if (!parsed.success) {
      return json(res, 400, { error: 'invalid event', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    }
    const outcome = await apply(services, toCustomPaymentEvent(sender, parsed.data));
    if (outcome.status === 'rejected') return json(res, 422, { error: 'event refused', reason: outcome.reason });
    return json(res, 200, { received: true, ...outcome });
  });

  const provider = (name: string): PaymentProvider | undefined => services.payments.get(name);

  router.post('/stripe/webhook', rawBody, async (req: Request, res: Response) => {
    const stripe = provider('stripe');
    if (!stripe) return json(res, 404, { error: 'Stripe is not enabled' });
    const verified = stripe.verifyNotification(notificationOf(req, services, new URLSearchParams()));
    if (!verified.ok) {
      services.logger.debug('stripe webhook signature refused');
      return json(res, 400, { error: 'invalid signature' });
    }
    if (!verified.event) return json(res, 200, { received: true, status: 'unused' });
    const outcome = await apply(services, verified.event);
    // Stripe does not keep events in order: a refund that overtook its payment is asked for again.
    if (outcome.status === 'rejected' && outcome.reason === 'NOT_YET_PAID') return json(res, 400, { error: 'order not paid yet; deliver again later' });
    return json(res, 200, { received: true, status: outcome.status });
  });

  const epayNotify = async (req: Request, res: Response, params: URLSearchParams) => {
    const answer = (text: 'success' | 'fail') => res.status(200).type('text/plain').send(text);
    const epay = provider('epay');
    if (!epay) return res.status(404).type('text/plain').send('fail');
    const verified = epay.verifyNotification(notificationOf(req, services, params));
    if (!verified.ok) {
      services.logger.debug('epay notification signature or pid refused');
      return answer('fail');
    }
    if (!verified.event) {
      services.logger.info('epay notification not used', { note: verified.note });
      return answer('fail');
    }
    const outcome = await apply(services, verified.event);
    return answer(outcome.status === 'rejected' ? 'fail' : 'success');
  };
  router.get('/epay/notify', (req, res) => epayNotify(req, res, new URL(req.originalUrl, 'http://notify.invalid').searchParams));
  router.post('/epay/notify', rawBody, (req, res) => {
    const form = new URLSearchParams(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '');
    // Some epay builds POST with the fields in the query string and an empty body.
    return epayNotify(req, res, [...form.keys()].length > 0 ? form : new URL(req.originalUrl, 'http://notify.invalid').searchParams);
  });

  return router;
}
