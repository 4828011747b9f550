-- study_sync_card_servable (first defined in migration 040): mirrors materials.servable into card_states.servable for the given
-- materials. Takes exclusively the lock every grade takes shared before it writes its card (study_record_grade):
-- a new card written while a material flips reads the flip's outcome, and the sync sees every card written before
-- it. Transaction-level, PgBouncer-safe; the key is 'kios'.

create or replace function study_sync_card_servable(p_types text[], p_ids int[], p_servable boolean[])
returns bigint
language plpgsql as $$
declare
  n bigint;
begin
  perform pg_advisory_xact_lock(1802071923);
  -- No index leads from a material to its cards (every grade would pay for one): a flip, which only a content
  -- load or an admin's edit causes, costs one hash join over card_states instead.
  update card_states c set servable = f.servable
    from unnest(p_types, p_ids, p_servable) f(material_type, material_id, servable)
   where c.material_type = f.material_type and c.material_id = f.material_id and c.servable <> f.servable;
  get diagnostics n = row_count;
  return n;
end $$;
