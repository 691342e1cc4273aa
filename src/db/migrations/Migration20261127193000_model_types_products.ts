import { Migration } from '@mikro-orm/migrations';

/**
 * Catalogue models of the kinds a reseller sells beside chat: IMAGE (generation and edits),
 * TEXT_TO_SPEECH, RERANK, MODERATION and REALTIME (voice sessions over a WebSocket).
 */
export class Migration20261127193000_model_types_products extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "catalogue_models" drop constraint if exists "catalogue_models_type_check";`);
    this.addSql(`alter table "catalogue_models" add constraint "catalogue_models_type_check" check ("type" in ('CHAT', 'REASONING', 'SPEECH_TO_TEXT', 'EMBEDDING', 'IMAGE', 'TEXT_TO_SPEECH', 'RERANK', 'MODERATION', 'REALTIME'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "catalogue_models" where "type" in ('IMAGE', 'TEXT_TO_SPEECH', 'RERANK', 'MODERATION', 'REALTIME');`);
    this.addSql(`alter table "catalogue_models" drop constraint if exists "catalogue_models_type_check";`);
    this.addSql(`alter table "catalogue_models" add constraint "catalogue_models_type_check" check ("type" in ('CHAT', 'REASONING', 'SPEECH_TO_TEXT', 'EMBEDDING'));`);
  }
}
