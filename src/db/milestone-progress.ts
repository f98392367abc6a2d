import { type Kysely, type Migration, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema came before
type AnyDb = Kysely<any>;

/**
 * SQLite: each milestone's issues counted by status, with the sum of their estimates, kept by triggers
 * on `issues` in the transaction of every change (whatever writes it: the tracker, an import, a restore,
 * a milestone's deletion setting its issues' milestone to null). A milestone's progress reads its few
 * rows here instead of counting every issue it holds, which grew with the milestone. PostgreSQL counts
 * from its index as before: a counter row per milestone and status would make concurrent writes to a
 * milestone's issues wait on each other (and deadlock), which SQLite's single writer never does.
 */
export const milestoneProgressMigration = (kind: "sqlite" | "postgres"): Migration => ({
  async up(db: AnyDb) {
    if (kind !== "sqlite") return;
    await sql`create table milestone_progress (
      milestone_id text not null,
      status text not null,
      issues integer not null,
      estimate integer not null,
      primary key (milestone_id, status)) without rowid`.execute(db);
    await sql`insert into milestone_progress (milestone_id, status, issues, estimate)
      select milestone_id, status, count(*), coalesce(sum(estimate), 0) from issues
      where milestone_id is not null group by milestone_id, status`.execute(db);
    const add = (row: "new") =>
      sql.raw(`insert into milestone_progress (milestone_id, status, issues, estimate)
        select ${row}.milestone_id, ${row}.status, 1, coalesce(${row}.estimate, 0) where ${row}.milestone_id is not null
        on conflict (milestone_id, status) do update set
          issues = issues + 1, estimate = estimate + excluded.estimate;`);
    const take = (row: "old") =>
      sql.raw(`update milestone_progress set issues = issues - 1, estimate = estimate - coalesce(${row}.estimate, 0)
        where ${row}.milestone_id is not null and milestone_id = ${row}.milestone_id and status = ${row}.status;`);
    await sql`create trigger milestone_progress_ai after insert on issues when new.milestone_id is not null
      begin ${add("new")} end`.execute(db);
    await sql`create trigger milestone_progress_ad after delete on issues when old.milestone_id is not null
      begin ${take("old")} end`.execute(db);
    await sql`create trigger milestone_progress_au after update of milestone_id, status, estimate on issues
      when old.milestone_id is not new.milestone_id or old.status is not new.status
        or old.estimate is not new.estimate
      begin ${take("old")} ${add("new")} end`.execute(db);
    // a deleted milestone's rows go with it (its issues' milestone is set to null, which counts them out)
    await sql`create trigger milestone_progress_md after delete on milestones
      begin delete from milestone_progress where milestone_id = old.id; end`.execute(db);
  },
  async down(db: AnyDb) {
    if (kind !== "sqlite") return;
    for (const name of ["ai", "ad", "au", "md"])
      await sql.raw(`drop trigger if exists milestone_progress_${name}`).execute(db);
    await sql`drop table milestone_progress`.execute(db);
  },
});
