// Users list and user page: SPEC §3's admin user fields, the learner's stats per course, role and history.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table } from '../../../components/ui/table';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api';
import type { Stats } from '../../../lib/api-schemas';
import { COURSES, isCourse } from '../../../lib/courses';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { setAdminRole } from '../shell/admin-api';
import { adminKeys, adminQueries, type AdminUser } from '../shell/admin-queries';
import { LoadError, Loading, SelectField, ValueText, When } from '../shell/admin-ui';
import { HistoryPanel } from '../history/history-panel';
import { CourseLevelFilters, courseName, useListParams } from '../shell/list-params';

function levelOf(user: AdminUser, course: string): number | undefined {
  return user.level?.[course];
}

function SubscriptionBadge({ status }: { status: string | null | undefined }) {
  if (!status) return <span className="muted">—</span>;
  return <Badge tone={status === 'active' ? 'success' : status === 'past_due' ? 'alert' : 'neutral'}>{status}</Badge>;
}

export function UsersListPage() {
  useDocumentTitle('Admin · Users');
  const { course, level, update } = useListParams();
  const users = useQuery(adminQueries.users());
  // The users endpoint answers everyone; course and level narrow the list here (current course, level in it).
  const rows = (users.data?.users ?? []).filter((u) => {
    if (course && !level && u.current_course !== course) return false;
    if (level) {
      const inCourse = course || u.current_course;
      if (!inCourse || String(levelOf(u, inCourse) ?? '') !== level) return false;
    }
    return true;
  });

  return (
    <div className="admin-page">
      <h2>Users</h2>
      <form className="filter-bar" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <CourseLevelFilters courses={COURSES} course={course} level={level} onChange={update} />
      </form>
      <p className="field-hint filter-note">Course: the learner's current course. Level: their level in the chosen course (or their current course).</p>
      {users.isPending ? (
        <Loading />
      ) : users.isError ? (
        <LoadError error={users.error} retry={() => users.refetch()} />
      ) : (
        <>
          <p className="muted list-summary">
            {rows.length} of {users.data.users.length} users
          </p>
          <Table<AdminUser>
            caption="Users"
            hideCaption
            scrollLabel="Users table"
            className="admin-table"
            rows={rows}
            rowKey={(u) => u.id}
            empty={<span className="muted">No users match these filters.</span>}
            columns={[
              {
                key: 'email',
                header: 'Email',
                rowHeader: true,
                cell: (u) => (
                  <Link to={`/admin/users/${u.id}${course ? `?course=${course}` : ''}`}>
                    {u.email}
                    {u.is_admin ? (
                      <>
                        {' '}
                        <Badge tone="accent">admin</Badge>
                      </>
                    ) : null}
                  </Link>
                ),
              },
              { key: 'name', header: 'Name', cell: (u) => u.name ?? <span className="muted">—</span> },
              { key: 'created', header: 'Joined', cell: (u) => <When at={u.created_at} /> },
              { key: 'last', header: 'Last review', cell: (u) => <When at={u.last_flashcard_updated_at} /> },
              { key: 'course', header: 'Current course', cell: (u) => courseName(u.current_course) },
              {
                key: 'level',
                header: 'Level',
                numeric: true,
                cell: (u) => {
                  const c = course || u.current_course;
                  return c ? (levelOf(u, c) ?? '—') : '—';
                },
              },
              { key: 'cards', header: 'Cards', numeric: true, cell: (u) => u.flashcard_count ?? '—' },
              { key: 'subscription', header: 'Subscription', cell: (u) => <SubscriptionBadge status={u.subscription_status} /> },
              { key: 'provider', header: 'Sign-in', cell: (u) => u.provider ?? '—' },
              { key: 'timezone', header: 'Time zone', cell: (u) => u.timezone ?? '—' },
            ]}
          />
        </>
      )}
    </div>
  );
}

const FORECAST_DAYS = ['Today', 'Tomorrow', '+2 days', '+3 days', '+4 days'];

function StatsTables({ stats, course }: { stats: Stats; course: string }) {
  type LevelRow = Stats['levels'][number];
  return (
    <>
      <Table<LevelRow>
        caption={`Levels in ${courseName(course)}`}
        className="admin-table"
        rows={stats.levels}
        rowKey={(r) => r.level}
        empty={<span className="muted">No cards in this course.</span>}
        columns={[
          {
            key: 'level',
            header: 'Level',
            rowHeader: true,
            cell: (r) => (
              <>
                <span lang="ja">{r.primary.name}</span>
                {r.secondary?.name ? <span className="muted level-secondary"> {r.secondary.name}</span> : null}
              </>
            ),
          },
          { key: 'untrained', header: 'Untrained', numeric: true, cell: (r) => r.untrained },
          { key: 'learning', header: 'Learning', numeric: true, cell: (r) => r.learning },
          { key: 'intermediate', header: 'Intermediate', numeric: true, cell: (r) => r.intermediate },
          { key: 'mastered', header: 'Mastered', numeric: true, cell: (r) => r.mastered },
        ]}
      />
      <Table<{ day: number; count: number }>
        caption="Review forecast"
        className="admin-table forecast-table"
        rows={stats.review_forecast}
        rowKey={(r) => r.day}
        empty={<span className="muted">Nothing due.</span>}
        columns={[
          { key: 'day', header: 'Day', rowHeader: true, cell: (r) => FORECAST_DAYS[r.day] ?? `+${r.day} days` },
          { key: 'count', header: 'Reviews due', numeric: true, cell: (r) => r.count },
        ]}
      />
    </>
  );
}

function RoleControl({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (admin: boolean) => setAdminRole(user.id, admin),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
  return (
    <div className="role-control">
      <Button size="sm" variant={user.is_admin ? 'danger' : 'secondary'} disabled={change.isPending} onClick={() => change.mutate(!user.is_admin)}>
        {user.is_admin ? 'Revoke admin role' : 'Grant admin role'}
      </Button>
      {change.isError ? (
        <p role="alert" className="field-error">
          {errorMessage(change.error)}
        </p>
      ) : null}
    </div>
  );
}

function UserView({ id }: { id: string }) {
  const [params, setParams] = useSearchParams();
  const courseParam = params.get('course') ?? '';
  const [tab, setTab] = useState('overview');
  const detail = useQuery(adminQueries.user(id, courseParam || undefined));
  useDocumentTitle(`Admin · ${detail.data?.user.email ?? 'User'}`);

  if (detail.isPending) return <Loading />;
  if (detail.isError) return <LoadError error={detail.error} retry={() => detail.refetch()} />;
  const { user, stats, profile } = detail.data;
  const course = courseParam || user.current_course || 'kana';
  const settings = profile?.settings ? Object.entries(profile.settings) : [];

  return (
    <div className="admin-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to="/admin/users">← Users</Link>
      </nav>
      <h2>
        {user.name ? `${user.name} · ` : ''}
        {user.email}
      </h2>
      <Tabs
        label="User"
        tabs={[
          { id: 'overview', label: 'Overview' },
          { id: 'history', label: 'History' },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'overview' ? (
          <div className="user-grid">
            <section className="panel" aria-labelledby="account-heading">
              <h3 id="account-heading">Account</h3>
              <dl className="facts">
                <dt>Id</dt>
                <dd>
                  <code>{user.id}</code>
                </dd>
                <dt>Email</dt>
                <dd>{user.email}</dd>
                <dt>Name</dt>
                <dd>{user.name ?? '—'}</dd>
                <dt>Joined</dt>
                <dd>
                  <When at={user.created_at} />
                </dd>
                <dt>Last review</dt>
                <dd>
                  <When at={user.last_flashcard_updated_at} />
                </dd>
                <dt>Sign-in</dt>
                <dd>{user.provider ?? '—'}</dd>
                <dt>Time zone</dt>
                <dd>{user.timezone ?? '—'}</dd>
                <dt>Current course</dt>
                <dd>{courseName(user.current_course)}</dd>
                <dt>Levels</dt>
                <dd>
                  {user.level && Object.keys(user.level).length
                    ? Object.entries(user.level)
                        .map(([c, l]) => `${courseName(c)} ${l}`)
                        .join(' · ')
                    : '—'}
                </dd>
                <dt>Cards</dt>
                <dd>{user.flashcard_count ?? '—'}</dd>
                <dt>Subscription</dt>
                <dd>
                  <SubscriptionBadge status={user.subscription_status} />
                </dd>
                <dt>Admin</dt>
                <dd>{user.is_admin ? 'Yes' : 'No'}</dd>
              </dl>
              <RoleControl user={user} />
            </section>

            <section className="panel" aria-labelledby="stats-heading">
              <h3 id="stats-heading">Stats</h3>
              <SelectField
                label="Course"
                value={course}
                onChange={(e) =>
                  setParams((previous) => {
                    const next = new URLSearchParams(previous);
                    next.set('course', e.target.value);
                    return next;
                  })
                }
                className="filter-field"
              >
                {COURSES.map((c) => (
                  <option key={c} value={c}>
                    {courseName(c)}
                  </option>
                ))}
                {!isCourse(course) ? <option value={course}>{course}</option> : null}
              </SelectField>
              {stats ? <StatsTables stats={stats} course={course} /> : <p className="muted">No stats for this course.</p>}
            </section>

            {settings.length ? (
              <section className="panel" aria-labelledby="settings-heading">
                <h3 id="settings-heading">Settings</h3>
                <dl className="facts">
                  {settings.map(([key, value]) => (
                    <div key={key} className="fact">
                      <dt>{key}</dt>
                      <dd>
                        <ValueText value={typeof value === 'boolean' ? (value ? 'on' : 'off') : value} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ) : null}
          </div>
        ) : (
          <HistoryPanel
            choices={[
              { label: 'Account events', source: { stream: `user-${user.id}` } },
              { label: 'Everything this person did', source: { actor: user.id } },
            ]}
          />
        )}
      </Tabs>
    </div>
  );
}

export function UserPage() {
  const { id } = useParams();
  if (!id) return null;
  return <UserView key={id} id={id} />;
}
