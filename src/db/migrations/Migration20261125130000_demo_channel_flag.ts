import { Migration } from '@mikro-orm/migrations';

/**
 * Marks the built-in demo echo channel, so routing can keep it away from any model a real channel
 * serves and admins see it for what it is. The existing demo channel is found by its fixed name.
 */
export class Migration20261125130000_demo_channel_flag extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "channels" add column if not exists "demo" boolean not null default false;`);
    this.addSql(`update "channels" set "demo" = true where "name" = 'demo-echo (local echo server; replace with a real vendor)';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "channels" drop column "demo";`);
  }
}
