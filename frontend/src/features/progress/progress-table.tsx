import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Table } from '../../components/ui/table';
import { errorMessage } from '../../lib/api';
import type { Course } from '../../lib/courses';
import { progressQueries, type Stats } from './progress-queries';

type LevelRow = Stats['levels'][number];

export function ProgressTable({ course, currentLevel }: { course: Course; currentLevel?: number }) {
  const stats = useQuery(progressQueries.stats(course));
  return (
    <section className="panel" aria-labelledby="progress-heading">
      <h2 id="progress-heading">Progress</h2>
      {stats.isPending ? (
        <p className="loading">Loading...</p>
      ) : stats.isError ? (
        <div role="alert" className="notice notice-error">
          <p>{errorMessage(stats.error)}</p>
          <Button size="sm" onClick={() => stats.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Table<LevelRow>
          caption="Cards per level"
          hideCaption
          scrollLabel="Progress table"
          className="progress-table"
          rows={stats.data.levels}
          rowKey={(row) => row.level}
          columns={[
            {
              key: 'level',
              header: 'Level',
              rowHeader: true,
              cell: (row) => (
                <span className={row.level === currentLevel ? 'current-level' : undefined}>
                  <span lang="ja">{row.primary.name}</span>
                  {row.secondary?.name ? <span className="level-secondary">{row.secondary.name}</span> : null}
                  {row.level === currentLevel ? <span className="visually-hidden"> (your level)</span> : null}
                  {row.cards !== undefined && row.available !== undefined && row.available < row.cards ? (
                    <span className="level-availability">
                      {row.available} of {row.cards} cards available
                    </span>
                  ) : null}
                </span>
              ),
            },
            // <wbr>: on a phone the long headings break into two lines instead of pushing the table wider.
            { key: 'untrained', header: <>Un<wbr />trained</>, numeric: true, cell: (row) => row.untrained },
            { key: 'learning', header: <>Learn<wbr />ing</>, numeric: true, cell: (row) => row.learning },
            { key: 'intermediate', header: <>Inter<wbr />mediate</>, numeric: true, cell: (row) => row.intermediate },
            { key: 'mastered', header: <>Mas<wbr />tered</>, numeric: true, cell: (row) => row.mastered },
          ]}
        />
      )}
    </section>
  );
}
