import type { ReserveResult } from '../../domain/billing/billing.types';
import type { ModelAccess } from '../../domain/groups/model-access';
import { gatewayErrors, type GatewayError } from '../gateway-error';

type Refusal = Extract<ModelAccess, { ok: false }>['reason'];

/** Typed refusals of the domain, as the HTTP errors DESIGN §3 promises. */
export function accessError(reason: Refusal, model: string, group: string): GatewayError {
  switch (reason) {
    case 'MODEL_NOT_FOUND':
      return gatewayErrors.modelNotFound(model);
    case 'GROUP_UNKNOWN':
      return gatewayErrors.groupForbidden(`The group \`${group}\` of this API key no longer exists.`);
    case 'GROUP_NOT_USABLE':
      return gatewayErrors.groupForbidden(`You may no longer use the group \`${group}\` of this API key.`);
    case 'GROUP_DOES_NOT_PERMIT':
      return gatewayErrors.groupForbidden(`The group \`${group}\` of this API key does not permit the model \`${model}\`.`);
    case 'SUBSCRIPTION_REQUIRED':
      return gatewayErrors.subscriptionRequired(model);
    case 'MODEL_NOT_ALLOWED':
      return gatewayErrors.modelNotAllowed(model);
    case 'IP_NOT_ALLOWED':
      return gatewayErrors.ipNotAllowed();
  }
}

export function reserveError(refusal: Extract<ReserveResult, { ok: false }>, model: string, amount: bigint): GatewayError {
  switch (refusal.reason) {
    case 'BUDGET_EXCEEDED':
      return gatewayErrors.budgetExceeded(refusal.scope, refusal.resetsAt);
    case 'SUBSCRIPTION_REQUIRED':
      return gatewayErrors.subscriptionRequired(model);
    case 'TOKEN_QUOTA_EXCEEDED':
      return gatewayErrors.insufficientQuota(`This request may cost up to ${amount} quota units, more than this API key's remaining quota cap allows.`);
    case 'INSUFFICIENT_QUOTA':
      return gatewayErrors.insufficientQuota(
        `This request may cost up to ${amount} quota units, more than your remaining balance. Lower max_tokens, or top up your quota.`,
      );
  }
}
