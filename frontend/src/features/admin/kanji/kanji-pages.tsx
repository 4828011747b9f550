// Kanji list and kanji page: the kanji's readings link to the reading editor.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Table } from '../../../components/ui/table';
import { Tabs } from '../../../components/ui/tabs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { adminQueries, type KanjiDetail, type KanjiList } from '../shell/admin-queries';
import { LoadError, Loading } from '../shell/admin-ui';
import { HistoryPanel } from '../history/history-panel';
import { KANJI_COURSES } from '../../../lib/courses';
import { CourseLevelFilters, courseName, useListParams } from '../shell/list-params';
import { NotFound } from '../shell/not-found';

type KanjiRow = KanjiList['items'][number];

function ReadingLinks({ ids }: { ids: number[] }) {
  if (ids.length === 0) return <span className="muted">—</span>;
  return (
    <span className="link-list">
      {ids.map((id, i) => (
        <span key={id}>
          {i > 0 ? ', ' : ''}
          <Link to={`/admin/readings/${id}`}>{id}</Link>
        </span>
      ))}
    </span>
  );
}

export function KanjiListPage() {
  useDocumentTitle('Admin · Kanji');
  const { course, level, update } = useListParams();
  const list = useQuery({ ...adminQueries.kanjiList({ course, level }), placeholderData: keepPreviousData });
  return (
    <div className="admin-page">
      <h2>Kanji</h2>
      <form className="filter-bar" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <CourseLevelFilters courses={KANJI_COURSES} course={course} level={level} onChange={update} />
      </form>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} retry={() => list.refetch()} />
      ) : (
        <>
          <p className="muted list-summary">{list.data.items.length} kanji</p>
          <Table<KanjiRow>
            caption="Kanji"
            hideCaption
            scrollLabel="Kanji table"
            className="admin-table"
            rows={list.data.items}
            rowKey={(row) => row.id}
            empty={<span className="muted">Nothing matches these filters.</span>}
            columns={[
              {
                key: 'character',
                header: 'Kanji',
                rowHeader: true,
                cell: (row) => (
                  <Link to={`/admin/kanji/${row.id}`} lang="ja" className="kanji-link">
                    {row.character}
                  </Link>
                ),
              },
              { key: 'id', header: 'Id', numeric: true, cell: (row) => row.id },
              { key: 'course', header: 'Course', cell: (row) => courseName(row.course) },
              { key: 'level', header: 'Level', numeric: true, cell: (row) => row.level },
              { key: 'meanings', header: 'Meanings', cell: (row) => row.meanings.join(', ') },
              { key: 'readings', header: 'Readings', cell: (row) => <ReadingLinks ids={row.reading_ids} /> },
            ]}
          />
        </>
      )}
    </div>
  );
}

function readingText(r: KanjiDetail['on_readings'][number]): string {
  return typeof r === 'string' ? r : r.grade ? `${r.reading} (${r.grade})` : r.reading;
}

function KanjiView({ id }: { id: number }) {
  useDocumentTitle(`Admin · Kanji ${id}`);
  const kanji = useQuery(adminQueries.kanji(id));
  const [tab, setTab] = useState('details');
  if (kanji.isPending) return <Loading />;
  if (kanji.isError) return <LoadError error={kanji.error} retry={() => kanji.refetch()} />;
  const k = kanji.data;
  return (
    <div className="admin-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to="/admin/kanji">← Kanji</Link>
      </nav>
      <h2>
        Kanji {k.id} · <span lang="ja">{k.character}</span>
      </h2>
      <Tabs
        label={`Kanji ${k.id}`}
        tabs={[
          { id: 'details', label: 'Details' },
          { id: 'history', label: 'History' },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'details' ? (
          <>
            <dl className="facts">
              <dt>Course</dt>
              <dd>{courseName(k.course)}</dd>
              <dt>Level</dt>
              <dd>{k.level}</dd>
              <dt>Meanings</dt>
              <dd>{k.meanings.join(', ') || '—'}</dd>
              <dt>On readings</dt>
              <dd lang="ja">{k.on_readings.map(readingText).join('、') || '—'}</dd>
              <dt>Kun readings</dt>
              <dd lang="ja">{k.kun_readings.map(readingText).join('、') || '—'}</dd>
            </dl>
            <Table<KanjiDetail['readings'][number]>
              caption="Readings (cards)"
              className="admin-table"
              rows={k.readings}
              rowKey={(r) => r.id}
              empty={<span className="muted">No reading cards.</span>}
              columns={[
                { key: 'id', header: 'Id', numeric: true, cell: (r) => <Link to={`/admin/readings/${r.id}`}>{r.id}</Link> },
                {
                  key: 'reading',
                  header: 'Reading',
                  rowHeader: true,
                  cell: (r) => (
                    <Link to={`/admin/readings/${r.id}`} lang="ja">
                      {r.reading}
                    </Link>
                  ),
                },
                { key: 'level', header: 'Level', numeric: true, cell: (r) => r.level ?? '—' },
                { key: 'vocab', header: 'Vocab id', numeric: true, cell: (r) => r.vocab_id ?? <span className="muted">not set</span> },
              ]}
            />
          </>
        ) : (
          <HistoryPanel choices={[{ label: 'Kanji', source: { stream: `material-kanji-${k.id}` } }]} />
        )}
      </Tabs>
    </div>
  );
}

export function KanjiPage() {
  const { id: raw } = useParams();
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <KanjiView key={id} id={id} />;
}
