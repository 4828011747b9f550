-- study_first_unlearned: the next lesson's material (first defined in migration 032).
--
-- The first servable material of the course, in lesson order, that the user has not learned (any level; the
-- caller applies its level cap). Walks the lesson index one entry at a time from the floor, so it costs the
-- cards learned out of order after the floor, not every learned card. p_skip_*: a material to look past (the
-- card on the learner's screen, for the study panel's look-ahead: GET /api/flashcard?after=…).
-- The walk starts from the learner's lesson floor (lesson_floors, migration 032), a hint used only while the
-- catalogue is at the revision it was computed for.

create or replace function study_first_unlearned(p_user uuid, p_course text, p_skip_type text default null, p_skip_id int default null)
returns table (level smallint, "position" int, material_type text, material_id int)
language plpgsql stable as $$
#variable_conflict use_column
declare
  m record;
  first boolean := true;
begin
  -- From the floor (inclusive), or from before the first entry when there is no valid floor.
  select fl.level, fl.position, fl.material_type, fl.material_id into m
    from lesson_floors fl
   where fl.user_id = p_user and fl.course = p_course
     and fl.revision = (select r.revision from catalogue_revision r);
  if not found then
    select 0::smallint as level, (-2147483648)::int as position, ''::text as material_type, (-2147483648)::int as material_id into m;
  end if;
  loop
    if first then
      select x.level, x.position, x.material_type, x.material_id into m from materials x
       where x.course = p_course and x.servable
         and (x.level, x.position, x.material_type, x.material_id) >= (m.level, m.position, m.material_type, m.material_id)
       order by x.level, x.position, x.material_type, x.material_id limit 1;
    else
      select x.level, x.position, x.material_type, x.material_id into m from materials x
       where x.course = p_course and x.servable
         and (x.level, x.position, x.material_type, x.material_id) > (m.level, m.position, m.material_type, m.material_id)
       order by x.level, x.position, x.material_type, x.material_id limit 1;
    end if;
    if not found then return; end if;
    first := false;
    if (p_skip_type is null or m.material_type <> p_skip_type or m.material_id <> p_skip_id)
       and not exists (select 1 from card_states c where c.user_id = p_user and c.course = p_course
                     and c.material_type = m.material_type and c.material_id = m.material_id) then
      return query select m.level, m.position, m.material_type, m.material_id;
      return;
    end if;
  end loop;
end $$;
