-- events_oldest_open_writer (first defined in migration 045): what holds events_visible_below() back, for health and
-- projections:status: the oldest transaction of this database that has a transaction id and is still open (null:
-- none), and how long it has been open.

create or replace function events_oldest_open_writer()
returns table (pid int, age_seconds double precision, state text, application_name text)
language sql stable as $$
  select a.pid, extract(epoch from clock_timestamp() - a.xact_start)::float8, a.state, a.application_name
    from pg_stat_activity a
   where a.datname = current_database() and a.backend_xid is not null and a.pid <> pg_backend_pid()
   order by a.xact_start
   limit 1
$$;
