-- study_most_at_risk: the due review a catch-up plan serves first (first defined in migration 052).
--
-- The due review most at risk: furthest past due relative to its interval ((now - due_at) / interval, descending;
-- ties oldest due first, then the material, as study_first_due), paywalled and servable as study_first_due. The
-- due range comes from card_states_due alone (interval_hours is included) and is sorted there; the material's own
-- flags are checked on the first candidates only (card_states.servable mirrors them, so the first one nearly always
-- passes). The ratio in float8 (extract(epoch) is numeric, several times slower to sort). Measured in a scratch
-- database (205,000 card rows, one learner with 5,000 due, on the shared 2-core machine): 15 ms with the join before
-- the sort and numeric ratios, about 7 ms this way; study_first_due's due-order walk took about 3 ms there.

create or replace function study_most_at_risk(
  p_user uuid, p_course text, p_now timestamptz, p_max_level int, p_skip_type text default null, p_skip_id int default null
) returns table (material_type text, material_id int)
language plpgsql stable rows 1 as $$
#variable_conflict use_column
begin
  return query
    select d.material_type, d.material_id
      from (select c.material_type, c.material_id, c.due_at,
                   date_part('epoch', p_now - c.due_at) / (greatest(c.interval_hours, 1) * 3600.0::float8) as risk
              from card_states c
             where c.user_id = p_user and c.course = p_course and c.due_at <= p_now
               and c.level <= p_max_level and c.servable
               and (p_skip_type is null or c.material_type <> p_skip_type or c.material_id <> p_skip_id)
             order by risk desc, c.due_at, c.material_type, c.material_id
             limit 20) d
     where exists (select 1 from materials m where m.material_type = d.material_type and m.material_id = d.material_id
                     and m.servable and m.level <= p_max_level)
     order by d.risk desc, d.due_at, d.material_type, d.material_id
     limit 1;
  if found then return; end if;
  -- Twenty unservable in a row (a catalogue change not mirrored yet): the whole due range, checked.
  return query
    select c.material_type, c.material_id
      from card_states c
      join materials m on m.material_type = c.material_type and m.material_id = c.material_id
     where c.user_id = p_user and c.course = p_course and c.due_at <= p_now
       and c.level <= p_max_level and c.servable and m.servable and m.level <= p_max_level
       and (p_skip_type is null or c.material_type <> p_skip_type or c.material_id <> p_skip_id)
     order by date_part('epoch', p_now - c.due_at) / (greatest(c.interval_hours, 1) * 3600.0::float8) desc, c.due_at, c.material_type, c.material_id
     limit 1;
end $$;
