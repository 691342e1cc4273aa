import { Migration } from '@mikro-orm/migrations';

/**
 * Creates the partition of `p_parent` for the UTC month holding `p_month`, unless it exists:
 * answers whether it did. Rows of that month already caught by the default partition move into
 * it in the same transaction (PostgreSQL refuses a new partition whose rows the default holds).
 * The rows move between partitions directly, so no trigger of the parent sees them: they are
 * neither new usage for the rollups nor new keys. Partition maintenance and retention call it too.
 */
const ENSURE_MONTH_PARTITION_SQL = `create function gw_ensure_month_partition(p_parent text, p_month date) returns boolean
language plpgsql as $fn$
declare
  v_from timestamptz := date_trunc('month', p_month::timestamp) at time zone 'UTC';
  v_to timestamptz := (date_trunc('month', p_month::timestamp) + interval '1 month') at time zone 'UTC';
  v_name text := p_parent || '_' || to_char(p_month, 'YYYY_MM');
begin
  if p_parent not in ('usage_logs', 'ledger_entries') then
    raise exception 'gw_ensure_month_partition: % is not partitioned by month', p_parent using errcode = '22023';
  end if;
  -- partition maintenance and retention may both create one (they are different cluster jobs)
  perform pg_advisory_xact_lock(hashtext('gw_ensure_month_partition'), hashtext(p_parent));
  if to_regclass(quote_ident(v_name)) is not null then
    return false;
  end if;
  execute format('create table %I (like %I including defaults including constraints)', v_name, p_parent);
  execute format('with moved as (delete from %I where created_at >= %L and created_at < %L returning *) insert into %I select * from moved',
                 p_parent || '_default', v_from, v_to, v_name);
  execute format('alter table %I attach partition %I for values from (%L) to (%L)', p_parent, v_name, v_from, v_to);
  return true;
end
$fn$;`;

/**
 * A usage row claims its request id; a request already logged keeps its row (the writers' old
 * `ON CONFLICT (request_id) DO NOTHING`), unless that row was rebuilt from the charge after a crash
 * (error_code 'reconstructed_from_charge', usage-reconstruction.ts), which the request's own row
 * replaces (their old `DO UPDATE ... WHERE`). Replacing is a delete and an insert, so the rollup
 * triggers subtract the one and add the other, as they did for the update.
 */
const USAGE_CLAIM_SQL = `create function gw_usage_request_claim() returns trigger language plpgsql as $fn$
begin
  insert into usage_request_ids (request_id) values (new.request_id) on conflict (request_id) do nothing;
  if found then
    return new;
  end if;
  if new.error_code is distinct from 'reconstructed_from_charge' then
    delete from usage_logs u where u.request_id = new.request_id and u.error_code = 'reconstructed_from_charge';
    if found then
      return new;
    end if;
  end if;
  return null;
end
$fn$;`;

/** A ledger row claims its keys; a duplicate fails with 23505 on the old constraint's name. */
const LEDGER_CLAIM_SQL = `create function gw_ledger_keys_claim() returns trigger language plpgsql as $fn$
begin
  if new.request_id is not null then
    insert into ledger_request_keys (request_id, kind) values (new.request_id, new.kind);
  end if;
  if new.reference is not null then
    insert into ledger_reference_keys (kind, reference) values (new.kind, new.reference);
  end if;
  return new;
end
$fn$;`;

/**
 * The key tables follow a row's keys only as it is inserted, so the keys never change afterwards
 * (nothing updates them; an update of created_at would also move the row between partitions,
 * which PostgreSQL does as a delete and an insert, re-running the claim).
 */
const KEYS_FIXED_SQL = `create function gw_keys_fixed() returns trigger language plpgsql as $fn$
begin
  raise exception '%: a row''s keys and time never change', tg_table_name using errcode = '55000';
end
$fn$;`;

const KEY_TRIGGERS_SQL = [
  USAGE_CLAIM_SQL,
  LEDGER_CLAIM_SQL,
  KEYS_FIXED_SQL,
  `create trigger usage_request_claim before insert on usage_logs for each row execute function gw_usage_request_claim();`,
  `create trigger usage_keys_fixed before update of request_id, created_at on usage_logs for each row
     when (old.request_id is distinct from new.request_id or old.created_at is distinct from new.created_at) execute function gw_keys_fixed();`,
  `create trigger ledger_keys_claim before insert on ledger_entries for each row execute function gw_ledger_keys_claim();`,
  `create trigger ledger_keys_fixed before update of request_id, kind, reference, created_at on ledger_entries for each row
     when (old.request_id is distinct from new.request_id or old.kind is distinct from new.kind
           or old.reference is distinct from new.reference or old.created_at is distinct from new.created_at) execute function gw_keys_fixed();`,
];

/** The rollups' statement triggers (Migration20261127195500_usage_rollups), now on the partitioned parent. */
const ROLLUP_TRIGGERS_SQL = [
  `create trigger "usage_rollups_insert" after insert on "usage_logs" referencing new table as new_rows for each statement execute function gw_usage_rollups_apply();`,
  `create trigger "usage_rollups_update" after update on "usage_logs" referencing old table as old_rows new table as new_rows for each statement execute function gw_usage_rollups_apply();`,
  `create trigger "usage_rollups_delete" after delete on "usage_logs" referencing old table as old_rows for each statement execute function gw_usage_rollups_apply();`,
];

/**
 * `usage_logs` and `ledger_entries` become tables partitioned by month on `created_at` (one
 * partition per UTC month, plus a default partition that catches a row for a month nobody created
 * yet), so retention drops a month whole and a query naming a time window reads only its months.
 * The design, and why, is in docs/data-at-scale.md; in short:
 *
 * - Global uniqueness. PostgreSQL's unique indexes on a partitioned table must contain the
 *   partition key, which `request_id` alone does not. Each guarantee moves to a small
 *   non-partitioned key table, written by a BEFORE INSERT row trigger in the same transaction as
 *   the row, whoever writes it: `usage_request_ids (request_id)`, `ledger_request_keys
 *   (request_id, kind)` and `ledger_reference_keys (kind, reference)`. Their primary keys carry
 *   the old constraint names, so a duplicate ledger row still fails with SQLSTATE 23505 on
 *   `ledger_entries_request_kind_unique` / `ledger_entries_kind_reference_unique`, exactly as the
 *   billing functions and the grant paths expect. A usage row's trigger does what the writers'
 *   `ON CONFLICT (request_id)` did (that clause needs a unique index on the table itself): a second
 *   row for a request is skipped, unless the first was rebuilt from its charge, which the
 *   request's own row replaces.
 * - Conversion by copy, not by attaching the old heap as a partition: attaching would avoid the
 *   rewrite, but the old heap would become one partition spanning every month so far, which
 *   retention could never drop month by month. The copy runs under an exclusive lock inside this
 *   migration's transaction (a failure leaves the database as it was); it costs minutes per ten
 *   million rows, once.
 * - Nothing references these tables by foreign key; their own foreign keys (to users and
 *   subscriptions) are recreated, the id sequences are kept (ids continue), the rollup statement
 *   triggers and the budget trigger are recreated on the parents (PostgreSQL fires them for rows
 *   routed to any partition). The migrations grant nothing (one database role owns everything).
 * - `down()` refuses: un-partitioning is a copy back that nobody should run on live books; restore
 *   a backup instead.
 */
export class Migration20261128010000_monthly_partitions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`lock table "usage_logs", "ledger_entries" in access exclusive mode;`);
    this.addSql(ENSURE_MONTH_PARTITION_SQL);

    // usage_logs: the old heap steps aside; the new parent takes its columns, defaults and checks.
    for (const trigger of ['usage_rollups_insert', 'usage_rollups_update', 'usage_rollups_delete']) {
      this.addSql(`drop trigger "${trigger}" on "usage_logs";`);
    }
    this.addSql(`alter table "usage_logs" rename to "usage_logs_unpartitioned";`);
    this.addSql(`alter sequence "usage_logs_id_seq" owned by none;`);
    this.addSql(`create table "usage_logs" (like "usage_logs_unpartitioned" including defaults including constraints) partition by range ("created_at");`);
    this.addSql(`create table "usage_logs_default" partition of "usage_logs" default;`);
    this.addSql(createMonthsFrom('usage_logs_unpartitioned', 'usage_logs'));
    this.addSql(`insert into "usage_logs" select * from "usage_logs_unpartitioned";`);
    this.addSql(`drop table "usage_logs_unpartitioned";`);
    this.addSql(`alter sequence "usage_logs_id_seq" owned by "usage_logs"."id";`);
    this.addSql(`alter table "usage_logs" add constraint "usage_logs_pkey" primary key ("id", "created_at");`);
    this.addSql(`create index "usage_logs_created_at_index" on "usage_logs" ("created_at");`);
    this.addSql(`create index "usage_logs_user_id_created_at_index" on "usage_logs" ("user_id", "created_at");`);
    this.addSql(`create index "usage_logs_token_id_created_at_index" on "usage_logs" ("token_id", "created_at");`);
    // Not unique (usage_request_ids is): the lookups by request id (rebuilt rows, holds) stay index probes.
    this.addSql(`create index "usage_logs_request_id_index" on "usage_logs" ("request_id");`);
    this.addSql(`create table "usage_request_ids" ("request_id" varchar(64) not null, constraint "usage_logs_request_id_unique" primary key ("request_id"));`);
    this.addSql(`insert into "usage_request_ids" select "request_id" from "usage_logs";`);

    // ledger_entries, the same way; its foreign keys and the budget trigger come back on the parent.
    this.addSql(`drop trigger "ledger_user_budget_spend" on "ledger_entries";`);
    this.addSql(`alter table "ledger_entries" rename to "ledger_entries_unpartitioned";`);
    this.addSql(`alter sequence "ledger_entries_id_seq" owned by none;`);
    this.addSql(`create table "ledger_entries" (like "ledger_entries_unpartitioned" including defaults including constraints) partition by range ("created_at");`);
    this.addSql(`create table "ledger_entries_default" partition of "ledger_entries" default;`);
    this.addSql(createMonthsFrom('ledger_entries_unpartitioned', 'ledger_entries'));
    this.addSql(`insert into "ledger_entries" select * from "ledger_entries_unpartitioned";`);
    this.addSql(`drop table "ledger_entries_unpartitioned";`);
    this.addSql(`alter sequence "ledger_entries_id_seq" owned by "ledger_entries"."id";`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_pkey" primary key ("id", "created_at");`);
    this.addSql(`create index "ledger_entries_user_id_created_at_index" on "ledger_entries" ("user_id", "created_at");`);
    this.addSql(`create index "ledger_entries_subscription_id_index" on "ledger_entries" ("subscription_id");`);
    // The billing functions' "already charged?" probe, and the grants' "already granted?" one.
    this.addSql(`create index "ledger_entries_request_kind_index" on "ledger_entries" ("request_id", "kind");`);
    this.addSql(`create index "ledger_entries_kind_reference_index" on "ledger_entries" ("kind", "reference") where "reference" is not null;`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_subscription_id_foreign" foreign key ("subscription_id") references "subscriptions" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "ledger_entries" add constraint "ledger_entries_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`create table "ledger_request_keys" ("request_id" varchar(64) not null, "kind" text not null, constraint "ledger_entries_request_kind_unique" primary key ("request_id", "kind"));`);
    this.addSql(`create table "ledger_reference_keys" ("kind" text not null, "reference" varchar(128) not null, constraint "ledger_entries_kind_reference_unique" primary key ("kind", "reference"));`);
    this.addSql(`insert into "ledger_request_keys" select "request_id", "kind" from "ledger_entries" where "request_id" is not null;`);
    this.addSql(`insert into "ledger_reference_keys" select "kind", "reference" from "ledger_entries" where "reference" is not null;`);

    // Triggers last: the copies above are neither new usage (rollups) nor new charges (budgets, keys).
    for (const sql of KEY_TRIGGERS_SQL) this.addSql(sql);
    for (const sql of ROLLUP_TRIGGERS_SQL) this.addSql(sql);
    this.addSql(`create trigger ledger_user_budget_spend after insert on ledger_entries for each row when (new.kind = 'USAGE_CHARGE' and new.amount < 0) execute function gw_user_budget_spend();`);
    this.addSql(`analyze "usage_logs", "ledger_entries", "usage_request_ids", "ledger_request_keys", "ledger_reference_keys";`);
  }

  override async down(): Promise<void> {
    throw new Error('Migration20261128010000_monthly_partitions cannot be undone: restore a backup taken before it');
  }
}

/** Month partitions from the oldest row of `source` (or this month) to three months ahead. */
function createMonthsFrom(source: string, parent: string): string {
  return `do $do$
declare
  m date := date_trunc('month', coalesce((select min(created_at) from "${source}"), now()) at time zone 'UTC')::date;
begin
  while m <= (date_trunc('month', now() at time zone 'UTC') + interval '3 months')::date loop
    perform gw_ensure_month_partition('${parent}', m);
    m := (m + interval '1 month')::date;
  end loop;
end $do$;`;
}
