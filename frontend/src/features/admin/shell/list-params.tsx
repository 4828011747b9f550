// List pages keep their filters in the URL (SPEC §2: course and level; filters joined by +), so a filtered
// list can be bookmarked and detail pages can step through the same list.
import { useSearchParams } from 'react-router-dom';
import { COURSE_INFO, isCourse, MAX_LEVEL } from '../../../lib/courses';
import { parseFilters, type MaterialListParams } from './admin-queries';
import { SelectField } from './admin-ui';

export function useListParams() {
  const [params, setParams] = useSearchParams();
  const course = params.get('course') ?? '';
  const level = params.get('level') ?? '';
  const filters = parseFilters(params.get('filters'));
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  /** Sets or clears params; any change other than the page itself goes back to page 1. */
  const update = (changes: Record<string, string | readonly string[] | null>) => {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        // Filters are joined by spaces here, which the URL writes as '+': ?filters=no_audio+no_image.
        const text = Array.isArray(value) ? value.join(' ') : (value as string | null);
        if (text) next.set(key, text);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  };

  return { course, level, filters, page, update };
}

/** The query string a detail page gets so its prev/next walk the same filtered list. */
export function navSearch(nav: MaterialListParams): string {
  const params = new URLSearchParams();
  if (nav.course) params.set('course', nav.course);
  if (nav.level) params.set('level', nav.level);
  if (nav.filters?.length) params.set('filters', nav.filters.join(' '));
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

export function courseName(course: string | null | undefined): string {
  if (!course) return '—';
  return isCourse(course) ? COURSE_INFO[course].name : course;
}

export function CourseLevelFilters({
  courses,
  course,
  level,
  onChange,
}: {
  courses: readonly string[];
  course: string;
  level: string;
  onChange: (changes: { course?: string | null; level?: string | null }) => void;
}) {
  return (
    <>
      <SelectField label="Course" value={course} onChange={(e) => onChange({ course: e.target.value || null })} className="filter-field">
        <option value="">All courses</option>
        {courses.map((c) => (
          <option key={c} value={c}>
            {courseName(c)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Level" value={level} onChange={(e) => onChange({ level: e.target.value || null })} className="filter-field">
        <option value="">All levels</option>
        {Array.from({ length: MAX_LEVEL }, (_, i) => String(i + 1)).map((l) => (
          <option key={l} value={l}>
            Level {l}
          </option>
        ))}
      </SelectField>
    </>
  );
}
