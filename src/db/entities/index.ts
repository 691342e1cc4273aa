import { CatalogueModel } from './catalogue-model.entity';
import { Channel } from './channel.entity';
import { ChannelKey } from './channel-key.entity';
import { ChannelChange } from './channel-change.entity';
import { CheckIn } from './check-in.entity';
import { DeliveredHold } from './delivered-hold.entity';
import { EmailVerification } from './email-verification.entity';
import { GatewayInstance } from './gateway-instance.entity';
import { Group, GroupMember } from './group.entity';
import { LedgerEntry } from './ledger-entry.entity';
import { ModelPrice } from './model-price.entity';
import { Order, PaymentEvent, PaymentJobLease } from './order.entity';
import { Package } from './package.entity';
import { QuotaReservation } from './quota-reservation.entity';
import { RedemptionCode, RedemptionUse } from './redemption-code.entity';
import { Session } from './session.entity';
import { Setting } from './setting.entity';
import { Subscription } from './subscription.entity';
import { Token } from './token.entity';
import { UsageLog } from './usage-log.entity';
import { User } from './user.entity';
import { Vendor } from './vendor.entity';

export * from './enums';
export {
  CatalogueModel, Channel, ChannelChange, ChannelKey, CheckIn, DeliveredHold, GatewayInstance, Group, GroupMember, LedgerEntry, ModelPrice, Order, Package, PaymentEvent,
  PaymentJobLease,
  QuotaReservation, RedemptionCode, RedemptionUse, Session, Subscription, Setting, EmailVerification, Token, UsageLog, User, Vendor,
};

export const entities = [
  User, Session, Group, GroupMember, Token, Vendor, CatalogueModel, ModelPrice, Channel, ChannelKey, Package, Order, PaymentEvent, PaymentJobLease,
  Subscription, RedemptionCode, RedemptionUse, CheckIn, LedgerEntry, QuotaReservation, DeliveredHold, UsageLog, GatewayInstance, Setting, EmailVerification,
  ChannelChange,
];

export type { ICatalogueModel } from './catalogue-model.entity';
export type { IChannel } from './channel.entity';
export type { IChannelKey } from './channel-key.entity';
export type { IChannelChange } from './channel-change.entity';
export type { ICheckIn } from './check-in.entity';
export type { IEmailVerification } from './email-verification.entity';
export type { IGatewayInstance } from './gateway-instance.entity';
export type { IGroup, IGroupMember } from './group.entity';
export type { ILedgerEntry } from './ledger-entry.entity';
export type { IModelPrice } from './model-price.entity';
export type { IOrder, IPaymentEvent } from './order.entity';
export type { IPackage } from './package.entity';
export type { IQuotaReservation } from './quota-reservation.entity';
export type { IRedemptionCode, IRedemptionUse } from './redemption-code.entity';
export type { ISession } from './session.entity';
export type { ISetting } from './setting.entity';
export type { ISubscription } from './subscription.entity';
export type { IToken } from './token.entity';
export type { IUsageLog, ChannelAttempt } from './usage-log.entity';
export type { IUser } from './user.entity';
export type { IVendor } from './vendor.entity';
