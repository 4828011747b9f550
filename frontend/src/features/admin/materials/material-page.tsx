// A reading, vocab or kana: editor, media and jobs, prev/next within the filtered list, and its history.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isMediaApprovalAction, MEDIA_APPROVALS } from '../../../../../contract/admin.requests';
import { Badge } from '../../../components/ui/badge';
import { Tabs } from '../../../components/ui/tabs';
import { COURSE_INFO, isCourse } from '../../../lib/courses';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminConfig } from '../shell/admin-config';
import { adminKeys, adminQueries, MATERIAL_BASE, MATERIAL_TYPE_LABEL, parseFilters, type Material, type MaterialAction, type MaterialDetail, type MaterialType } from '../shell/admin-queries';
import { LoadError, Loading } from '../shell/admin-ui';
import { HistoryPanel } from '../history/history-panel';
import { awaitingFor, hasPendingJob, isResolved, stillAwaiting, type Awaiting } from './jobs';
import { navSearch, useListParams } from '../shell/list-params';
import { MaterialEditor, useMaterialDraft } from './material-editor';
import { MediaPanel } from './media-panel';
import { NotFound } from '../shell/not-found';

export function materialTitle(material: Material): string {
  if (material.type === 'kana') return material.kana ?? '';
  if (material.type === 'reading') return [material.kanji, material.reading].filter(Boolean).join(' ');
  return material.vocab ?? '';
}

/** An approval shows as its flag taking the value the contract says it sets. */
const approvalExpect = (action: MaterialAction): Awaiting['expect'] => (isMediaApprovalAction(action) ? MEDIA_APPROVALS[action] : undefined);

/** Neighbours from the server, or else from the list page the admin came from. */
function useNeighbours(type: MaterialType, id: number, detail: MaterialDetail | undefined, nav: { course: string; level: string; filters: string[]; page: number }) {
  const fromServer = detail?.neighbours;
  const list = useQuery({ ...adminQueries.materials(type, nav), enabled: Boolean(detail) && !fromServer });
  if (fromServer) return { prev: fromServer.prev ?? null, next: fromServer.next ?? null };
  const items = list.data?.items ?? [];
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) return { prev: null, next: null };
  return { prev: items[index - 1]?.id ?? null, next: items[index + 1]?.id ?? null };
}

function MaterialView({ type, id }: { type: MaterialType; id: number }) {
  const labels = MATERIAL_TYPE_LABEL[type];
  const config = useAdminConfig();
  const queryClient = useQueryClient();
  const { course, level, filters, page } = useListParams();
  const filtersKey = filters.join('+');
  const nav = useMemo(() => ({ course, level, filters: parseFilters(filtersKey) }), [course, level, filtersKey]);
  const [awaiting, setAwaiting] = useState<Awaiting[]>([]);
  const [tab, setTab] = useState<'details' | 'history'>('details');
  const draft = useMaterialDraft();

  const options = adminQueries.material(type, id, nav);
  const now = config.now();
  const query = useQuery({
    ...options,
    // Poll while a job runs or a request has not shown up yet (jobs are answered 202 and run later).
    refetchInterval: (q) => (hasPendingJob(q.state.data) || stillAwaiting(awaiting, q.state.data, config.now(), config.awaitJobMs).length > 0 ? config.pollMs : false),
  });
  const detail = query.data;
  const open = stillAwaiting(awaiting, detail, now, config.awaitJobMs);
  const neighbours = useNeighbours(type, id, detail, { ...nav, page });
  const search = navSearch(nav);
  const title = detail ? materialTitle(detail.material) : '';
  useDocumentTitle(`Admin · ${labels.one} ${id}`);

  // An approval we asked for has shown up: if our unsaved edits were based on the version before it, they
  // now apply to the version after it (our own change is no conflict).
  useEffect(() => {
    if (!detail || awaiting.length === 0) return;
    const still = stillAwaiting(awaiting, detail, config.now(), config.awaitJobMs);
    if (still.length === awaiting.length) return;
    for (const a of awaiting) if (a.expect && isResolved(a, detail)) draft.followOwnChange(a.fromVersion, detail.material.version);
    setAwaiting(still);
  }, [detail, awaiting, config, draft]);

  const reload = async () => (await query.refetch()).data;

  const guard = (event: MouseEvent) => {
    if (draft.dirty && !window.confirm('Leave this material? Your unsaved changes will be lost.')) event.preventDefault();
  };

  if (query.isPending) return <Loading />;
  if (query.isError && !detail) return <LoadError error={query.error} retry={() => query.refetch()} />;
  if (!detail) return <Loading />;
  const { material } = detail;

  return (
    <div className="admin-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to={`${MATERIAL_BASE[type]}${search}`}>← {labels.many}</Link>
      </nav>
      <div className="detail-head">
        <h2>
          {labels.one} {id}
          {title ? (
            <>
              {' · '}
              <span lang="ja">{title}</span>
            </>
          ) : null}
        </h2>
        <nav className="prev-next" aria-label={`${labels.many} in this list`}>
          {neighbours.prev ? (
            <Link to={`${MATERIAL_BASE[type]}/${neighbours.prev}${search}`} onClick={guard} rel="prev">
              ← Previous
            </Link>
          ) : (
            <span className="muted">← Previous</span>
          )}
          {neighbours.next ? (
            <Link to={`${MATERIAL_BASE[type]}/${neighbours.next}${search}`} onClick={guard} rel="next">
              Next →
            </Link>
          ) : (
            <span className="muted">Next →</span>
          )}
        </nav>
      </div>
      <p className="detail-meta muted">
        {isCourse(material.course) ? COURSE_INFO[material.course].name : material.course} · Level {material.level} · Version {String(material.version)}
        {filters.length ? (
          <>
            {' · '}
            <Badge>Filtered: {filters.join(' + ')}</Badge>
          </>
        ) : null}
        {material.retired ? (
          <>
            {' · '}
            <Badge tone="alert">Retired</Badge>
          </>
        ) : null}
        {query.isFetching ? ' · updating…' : ''}
      </p>
      {material.retired ? (
        <p className="notice notice-warning" role="status">
          {material.retired_reason === 'admin'
            ? 'An admin retired this material. '
            : 'This material is no longer in the content files, so it was retired. '}
          Learners no longer get it and it is left out of their counts; their history of it is kept, and their cards
          come back with their schedules if it returns.
        </p>
      ) : null}

      <Tabs
        label={`${labels.one} ${id}`}
        tabs={[
          { id: 'details', label: 'Details' },
          { id: 'history', label: 'History' },
        ]}
        selected={tab}
        onSelect={(next) => setTab(next as 'details' | 'history')}
      >
        {tab === 'details' ? (
          <div className="material-grid">
            <MaterialEditor detail={detail} draft={draft} queryKey={options.queryKey} reload={reload} />
            <MediaPanel
              detail={detail}
              awaiting={open}
              onRequested={(actions) => {
                const at = config.now();
                setAwaiting((list) => [...list.filter((a) => !actions.includes(a.action)), ...actions.map((a) => awaitingFor(a, detail, at, approvalExpect(a)))]);
                void query.refetch();
                void queryClient.invalidateQueries({ queryKey: adminKeys.history });
              }}
              onUploaded={(data) => {
                draft.followOwnChange(material.version, data.material.version);
                queryClient.setQueryData(options.queryKey, data);
                void queryClient.invalidateQueries({ queryKey: [...adminKeys.materials(type), 'list'] });
                void queryClient.invalidateQueries({ queryKey: adminKeys.history });
              }}
            />
          </div>
        ) : (
          <HistoryPanel choices={[{ label: labels.one, source: { stream: `material-${type}-${id}` } }]} />
        )}
      </Tabs>
    </div>
  );
}

export function MaterialPage({ type }: { type: MaterialType }) {
  const { id: raw } = useParams();
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <MaterialView key={`${type}-${id}`} type={type} id={id} />;
}
