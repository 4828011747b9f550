import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Table } from '../../components/ui/table';
import { errorMessage } from '../../lib/api';
import type { Course } from '../../lib/courses';
import { progressQueries } from './progress-queries';

export const FORECAST_DAYS = ['Today', 'Tomorrow', '+2', '+3', '+4'];

export function ReviewForecast({ course }: { course: Course }) {
  const stats = useQuery(progressQueries.stats(course));
  const rows = FORECAST_DAYS.map((label, day) => ({
    day,
    label,
    count: stats.data?.review_forecast.find((f) => f.day === day)?.count ?? 0,
  }));
  return (
    <section className="panel" aria-labelledby="forecast-heading">
      <h2 id="forecast-heading">Review Forecast</h2>
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
        <Table
          caption="Reviews due in the next five days"
          hideCaption
          className="forecast-table"
          rows={rows}
          rowKey={(row) => row.day}
          columns={[
            { key: 'day', header: 'Day', rowHeader: true, cell: (row) => row.label },
            { key: 'count', header: 'Reviews', numeric: true, cell: (row) => row.count },
          ]}
        />
      )}
    </section>
  );
}
