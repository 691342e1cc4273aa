import { Migration } from '@mikro-orm/migrations';

/**
 * Inputs the gateway cannot measure are held at the model's context length; an operator may
 * instead refuse some kinds of them per model (`refused_inputs`). Server tools the upstream runs
 * on its own (web search, fetch, code execution) are also held at their per-use price.
 */
export class Migration20261127170500_model_unmeasured_inputs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "catalogue_models" add column if not exists "refused_inputs" text[] not null default '{}', add column if not exists "server_tool_use_price" bigint not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalogue_models" drop column "refused_inputs", drop column "server_tool_use_price";`);
  }
}
