-- events_visible_below: the bound of every reader of the global log (first defined in migration 045).
--
-- Where readers of the global log stop (issue 28): below the oldest transaction of THIS database still open.
--
-- Every subscription and rebuild reads `transaction_id < bound`, so that an event whose transaction took its id
-- early but commits late is never skipped. The bound was pg_snapshot_xmin(pg_current_snapshot()), the oldest
-- transaction open anywhere in the cluster: transaction ids are cluster-wide, so a pgbench or a 20-second report
-- in another database on a shared cluster froze every read model (and a rebuild of an inline projection ended
-- behind an edit committed just before it).
--
-- Only a transaction of this database can append to its events table. The bound is therefore the oldest id in
-- the snapshot's in-progress list that is not positively known to belong to another database, or the snapshot's
-- xmax when there is none: every id below it is finished (committed and visible to this snapshot, or aborted) or
-- belongs to a transaction that cannot write here.
--   * "Positively known": a backend of another database (pg_stat_get_activity's datid, which a backend never
--     changes) holding that id as its top-level id. An id in the list whose backend is not found (it finished
--     after the snapshot, a prepared transaction, or the role may not see it) counts as this database's: the
--     bound only ever errs low, as it did before.
--   * The activity is compared on the low 32 bits (backend_xid is an xid, the snapshot's are xid8): ids in
--     progress are always less than 2^31 apart, so the low bits name one of them.
--   * STABLE, not VOLATILE: PostgreSQL runs a stable function's statements with the calling statement's
--     snapshot, so the bound belongs to the very snapshot the caller reads the events with. A volatile function
--     would take a later snapshot, in which an id committed in between is finished but its events not visible.

create or replace function events_visible_below() returns xid8
language sql stable as $$
  select coalesce(
    (select min(x)
       from pg_snapshot_xip(s) x
      where (x::text::bigint & 4294967295) not in (
              select a.backend_xid::text::bigint
                from pg_stat_get_activity(null) a
               where a.backend_xid is not null
                 and a.datid is distinct from (select oid from pg_database where datname = current_database()))),
    pg_snapshot_xmax(s))
  from pg_current_snapshot() s
$$;
