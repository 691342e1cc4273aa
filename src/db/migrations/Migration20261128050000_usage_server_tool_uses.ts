import { Migration } from '@mikro-orm/migrations';

/**
 * usage_logs.server_tool_uses: the server-tool uses (web searches, fetches, grounded searches)
 * the upstream reported for the request and the gateway charged at the model's per-use price.
 * Existing rows charged none.
 */
export class Migration20261128050000_usage_server_tool_uses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_logs" add column "server_tool_uses" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "usage_logs" drop column "server_tool_uses";`);
  }
}
