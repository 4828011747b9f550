// Readings, vocab and kanas lists: filters in the URL, row selection and bulk actions.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table, type Column } from '../../../components/ui/table';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { adminKeys, adminQueries, parseFilters, MATERIAL_BASE, MATERIAL_FILTERS, MATERIAL_TYPE_LABEL, type MaterialRow, type MaterialType } from '../shell/admin-queries';
import { Flag, LoadError, Loading, When } from '../shell/admin-ui';
import { BulkActions } from './bulk-actions';
import { CourseLevelFilters, courseName, navSearch, useListParams } from '../shell/list-params';
import { KANJI_COURSES, VOCAB_COURSES } from '../../../lib/courses';

export const COURSES_OF: Readonly<Record<MaterialType, readonly string[]>> = {
  reading: KANJI_COURSES,
  vocab: VOCAB_COURSES,
  kana: ['kana'],
};

function MediaCell({ has, approved, systemVoice = false }: { has: boolean; approved: boolean; systemVoice?: boolean }) {
  if (!has) return systemVoice ? <Badge tone="success">System voice</Badge> : <Badge>None</Badge>;
  return approved ? <Badge tone="success">Approved</Badge> : <Badge tone="alert">To review</Badge>;
}

export function MaterialsListPage({ type }: { type: MaterialType }) {
  const labels = MATERIAL_TYPE_LABEL[type];
  useDocumentTitle(`Admin · ${labels.many}`);
  const { course, level, filters, page, update } = useListParams();
  const filtersKey = filters.join('+');
  const params = useMemo(() => ({ course, level, filters: parseFilters(filtersKey), page }), [course, level, filtersKey, page]);
  const list = useQuery({ ...adminQueries.materials(type, params), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const detailSearch = navSearch({ course, level, filters });

  // A new filter or page is a new list: selections do not carry over unseen rows.
  const listKey = `${type}|${course}|${level}|${filtersKey}|${page}`;
  useEffect(() => setSelected(new Set()), [listKey]);

  const rows = list.data?.items ?? [];
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: number) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)));

  const toggleFilter = (id: string) => update({ filters: filters.includes(id) ? filters.filter((f) => f !== id) : [...filters, id] });

  const columns: Array<Column<MaterialRow>> = [
    {
      key: 'select',
      header: <input type="checkbox" aria-label="Select all on this page" checked={allSelected} onChange={toggleAll} disabled={rows.length === 0} />,
      cell: (row) => <input type="checkbox" aria-label={`Select ${labels.one.toLowerCase()} ${row.id}`} checked={selected.has(row.id)} onChange={() => toggle(row.id)} />,
    },
    { key: 'id', header: 'Id', numeric: true, cell: (row) => <Link to={`${MATERIAL_BASE[type]}/${row.id}${detailSearch}`}>{row.id}</Link> },
    {
      key: 'title',
      header: labels.one,
      rowHeader: true,
      cell: (row) => (
        <Link to={`${MATERIAL_BASE[type]}/${row.id}${detailSearch}`} className="row-title">
          <span lang="ja">{row.title}</span>
          {row.subtitle ? <span className="muted row-subtitle">{row.subtitle}</span> : null}
        </Link>
      ),
    },
    { key: 'course', header: 'Course', cell: (row) => courseName(row.course) },
    { key: 'level', header: 'Level', numeric: true, cell: (row) => row.level },
    ...(type === 'reading'
      ? [{ key: 'vocab', header: 'Vocab id', numeric: true, cell: (row: MaterialRow) => row.vocab_id ?? <span className="muted">—</span> }]
      : []),
    { key: 'sentence', header: 'Sentence', cell: (row) => <Flag on={row.has_sentence} /> },
    { key: 'audio', header: 'Audio', cell: (row) => <MediaCell has={row.has_audio} approved={row.is_audio_approved} systemVoice={row.system_voice} /> },
    { key: 'image', header: 'Image', cell: (row) => <MediaCell has={row.has_image} approved={row.is_image_approved} /> },
    // A retired material is never served; the badge says why, so it is not taken for a card missing its sentence.
    { key: 'servable', header: 'Served', cell: (row) => (row.retired ? <Badge tone="alert">Retired</Badge> : <Flag on={row.servable} />) },
    { key: 'updated', header: 'Updated', cell: (row) => <When at={row.updated_at} /> },
  ];

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / Math.max(1, list.data.page_size))) : 1;

  return (
    <div className="admin-page">
      <h2>{labels.many}</h2>
      <form className="filter-bar" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <CourseLevelFilters courses={COURSES_OF[type]} course={course} level={level} onChange={update} />
        <fieldset className="filter-flags">
          <legend>Only</legend>
          {MATERIAL_FILTERS.map((f) => (
            <label key={f.id} className="filter-flag">
              <input type="checkbox" checked={filters.includes(f.id)} onChange={() => toggleFilter(f.id)} /> {f.label}
            </label>
          ))}
        </fieldset>
      </form>

      <BulkActions
        type={type}
        selected={rows.filter((r) => selected.has(r.id)).map((r) => r.id)}
        onFinished={() => void queryClient.invalidateQueries({ queryKey: adminKeys.materials(type) })}
      />

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} retry={() => list.refetch()} />
      ) : (
        <>
          <p className="muted list-summary" aria-live="polite">
            {list.data.total} {list.data.total === 1 ? labels.one.toLowerCase() : labels.many.toLowerCase()}
            {selected.size > 0 ? ` · ${selected.size} selected` : ''}
            {list.isFetching ? ' · updating…' : ''}
          </p>
          <Table<MaterialRow>
            caption={`${labels.many}${course ? ` · ${courseName(course)}` : ''}${level ? ` · Level ${level}` : ''}`}
            hideCaption
            scrollLabel={`${labels.many} table`}
            className="admin-table"
            rows={rows}
            rowKey={(row) => row.id}
            columns={columns}
            empty={<span className="muted">Nothing matches these filters.</span>}
          />
          {pages > 1 ? (
            <nav className="pager" aria-label="Pages">
              <Button size="sm" disabled={page <= 1} onClick={() => update({ page: page > 2 ? String(page - 1) : null })}>
                Previous page
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button size="sm" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
                Next page
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
