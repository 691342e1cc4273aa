import { Migration } from '@mikro-orm/migrations';

/**
 * What each model takes in and gives back (TEXT, IMAGE, AUDIO, VIDEO, EMBEDDING), for the
 * catalogue and pricing pages. Existing rows get what their type implies; the seed fills the
 * starter models' real modalities where nobody set them.
 */
export class Migration20261126180000_model_modalities extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "catalogue_models" add column if not exists "input_modalities" text[] not null default '{TEXT}', add column if not exists "output_modalities" text[] not null default '{TEXT}';`);
    this.addSql(`update "catalogue_models" set "input_modalities" = '{AUDIO}' where "type" = 'SPEECH_TO_TEXT';`);
    this.addSql(`update "catalogue_models" set "output_modalities" = '{EMBEDDING}' where "type" = 'EMBEDDING';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalogue_models" drop column "input_modalities", drop column "output_modalities";`);
  }
}
