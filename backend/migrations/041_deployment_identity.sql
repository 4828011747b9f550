-- The deployment's identity (issue 16 "two deployments sharing one Redis"): a random id made once per database.
-- The media queue's Redis prefix derives from it, so two Kioku deployments on one Redis (staging and production,
-- two schools on one host) never see each other's jobs, and every job carries it, so a worker never applies a
-- job to a database it did not come from. A database restored from a backup keeps its id (it is the same
-- deployment); a new or recreated database gets a new one.
create table deployment_identity (
  singleton boolean primary key default true check (singleton),
  id uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now()
);
insert into deployment_identity default values;
