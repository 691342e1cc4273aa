import { Migration } from '@mikro-orm/migrations';

/**
 * The API surface a usage row came through (chat.completions, messages, responses...), for
 * statistics and exports grouped by surface. The data-plane work that writes it adds the same
 * column with `if not exists`, so whichever migration runs first creates it and the other is a
 * no-op. Existing rows were all chat completions.
 */
export class Migration20261125170000_usage_surface extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_logs" add column if not exists "surface" text not null default 'chat.completions';`);
  }

  override async down(): Promise<void> {
    // Left in place: the data plane may write it (see above).
  }
}
