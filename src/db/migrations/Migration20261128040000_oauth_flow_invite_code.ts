import { Migration } from '@mikro-orm/migrations';

/**
 * The invitation code a provider sign-up started with, kept on the flow row so it survives the
 * trip through the provider's pages (the callback's own query is the provider's, never trusted).
 */
export class Migration20261128040000_oauth_flow_invite_code extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "oauth_flows" add column if not exists "invite_code" varchar(16) null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "oauth_flows" drop column "invite_code";');
  }
}
