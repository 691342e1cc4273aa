import { AccountSecurityEvent } from './account-security-event.entity';
import { AuthChallenge } from './auth-challenge.entity';
import { BackupCode } from './backup-code.entity';
import { Announcement } from './announcement.entity';
import { CatalogueModel } from './catalogue-model.entity';
import { Channel } from './channel.entity';
import { ChannelKey } from './channel-key.entity';
import { ChannelPrice } from './channel-price.entity';
import { ChannelChange } from './channel-change.entity';
import { CheckIn } from './check-in.entity';
import { DeliveredHold } from './delivered-hold.entity';
import { EmailVerification } from './email-verification.entity';
import { GatewayInstance } from './gateway-instance.entity';
import { Group, GroupMember } from './group.entity';
import { LedgerEntry } from './ledger-entry.entity';
import { ModelPrice } from './model-price.entity';
import { OAuthFlow } from './oauth-flow.entity';
import { Order, PaymentEvent } from './order.entity';
import { ClusterJobLease } from './cluster-job-lease.entity';
import { ChannelHealthReport } from './channel-health-report.entity';
import { Package } from './package.entity';
import { Passkey } from './passkey.entity';
import { QuotaReservation } from './quota-reservation.entity';
import { RedemptionCode, RedemptionUse } from './redemption-code.entity';
import { Session } from './session.entity';
import { Setting } from './setting.entity';
import { SignInProvider } from './sign-in-provider.entity';
import { Subscription } from './subscription.entity';
import { Token } from './token.entity';
import { UsageLog } from './usage-log.entity';
import { User } from './user.entity';
import { UserTotp } from './user-totp.entity';
import { UserIdentity } from './user-identity.entity';
import { UserBudget } from './user-budget.entity';
import { Vendor } from './vendor.entity';

export * from './enums';
export {
  AccountSecurityEvent, Announcement, AuthChallenge, BackupCode, OAuthFlow, Passkey, SignInProvider, UserIdentity, UserTotp,
  CatalogueModel, Channel, ChannelChange, ChannelKey, ChannelPrice, CheckIn, DeliveredHold, GatewayInstance, Group, GroupMember, LedgerEntry, ModelPrice, Order, Package, PaymentEvent,
  ClusterJobLease,
  ChannelHealthReport,
  QuotaReservation, RedemptionCode, RedemptionUse, Session, Subscription, Setting, EmailVerification, Token, UsageLog, User, UserBudget, Vendor,
};

export const entities = [
  User, Session, Group, GroupMember, Token, Vendor, CatalogueModel, ModelPrice, Channel, ChannelKey, ChannelPrice, Package, Order, PaymentEvent, ClusterJobLease, ChannelHealthReport,
  Subscription, RedemptionCode, RedemptionUse, CheckIn, LedgerEntry, QuotaReservation, DeliveredHold, UsageLog, GatewayInstance, Setting, EmailVerification, UserBudget,
  AccountSecurityEvent, UserTotp, Announcement, ChannelChange, BackupCode, Passkey, AuthChallenge, SignInProvider, UserIdentity, OAuthFlow,
];

export type { IAnnouncement } from './announcement.entity';
export type { IAccountSecurityEvent } from './account-security-event.entity';
export type { IAuthChallenge, AuthChallengeKind } from './auth-challenge.entity';
export type { IBackupCode } from './backup-code.entity';
export type { IPasskey } from './passkey.entity';
export type { IUserTotp } from './user-totp.entity';
export type { ICatalogueModel } from './catalogue-model.entity';
export type { IChannel } from './channel.entity';
export type { IChannelKey } from './channel-key.entity';
export type { IChannelPrice } from './channel-price.entity';
export type { IUserBudget } from './user-budget.entity';
export type { IChannelChange } from './channel-change.entity';
export type { ICheckIn } from './check-in.entity';
export type { IEmailVerification } from './email-verification.entity';
export type { IGatewayInstance } from './gateway-instance.entity';
export type { IGroup, IGroupMember } from './group.entity';
export type { ILedgerEntry } from './ledger-entry.entity';
export type { IModelPrice, StoredImagePriceRow } from './model-price.entity';
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
export type { IOAuthFlow, OAuthFlowPurpose } from './oauth-flow.entity';
export { SIGN_IN_PROVIDER_KINDS, type ISignInProvider, type SignInProviderKind } from './sign-in-provider.entity';
export type { IUserIdentity } from './user-identity.entity';
