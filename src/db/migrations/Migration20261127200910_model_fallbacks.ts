import { Migration } from '@mikro-orm/migrations';

/** A model's fallback chain: catalogue ids tried in order when every channel of the model failed before a usable byte. */
export class Migration20261127200910_model_fallbacks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "catalogue_models" add column if not exists "fallbacks" text[] not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalogue_models" drop column "fallbacks";`);
  }
}
