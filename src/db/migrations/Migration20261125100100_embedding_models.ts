import { Migration } from '@mikro-orm/migrations';

/** Catalogue models of type EMBEDDING (served on POST /v1/embeddings, billed per input token). */
export class Migration20261125100100_embedding_models extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "catalogue_models" drop constraint if exists "catalogue_models_type_check";`);
    this.addSql(`alter table "catalogue_models" add constraint "catalogue_models_type_check" check ("type" in ('CHAT', 'REASONING', 'SPEECH_TO_TEXT', 'EMBEDDING'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalogue_models" drop constraint if exists "catalogue_models_type_check";`);
    this.addSql(`alter table "catalogue_models" add constraint "catalogue_models_type_check" check ("type" in ('CHAT', 'REASONING', 'SPEECH_TO_TEXT'));`);
  }
}
