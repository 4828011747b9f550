// The kanji and vocab dictionaries are one shape: tabs (all but the first locked without a subscription), the
// tab's list of entries, and one entry open below it. What differs (the query, how a row looks, the detail) is
// passed in.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Tabs } from '../../components/ui/tabs';
import { isApiError } from '../../lib/api';
import type { DictionaryTab } from './dictionary-queries';
import { Failure, Loading, LockedTab } from './dictionary-ui';

export type EntryId = string | number;

interface TabbedList {
  tabs: DictionaryTab[];
  items: Array<{ id: EntryId }>;
}

/** Without a subscription only the first tab is open (the server answers 402 for the others). */
export function withLocks(tabs: DictionaryTab[], subscribed: boolean): DictionaryTab[] {
  // Locks follow the profile, not the cached list answer: a learner who just subscribed sees every tab at once.
  return tabs.map((tab, index) => ({ ...tab, locked: !subscribed && index > 0 }));
}

export interface TabbedBrowserProps<L extends TabbedList, K extends QueryKey> {
  /** The tab list's accessible name. */
  label: string;
  className?: string;
  /** The tabs shown until the first tab's answer names them. */
  defaultTabs: DictionaryTab[];
  subscribed: boolean;
  listQuery: (tab: string) => UseQueryOptions<L, Error, L, K>;
  /** How a tab's label shows (default: its text). */
  tabLabel?: (tab: DictionaryTab) => ReactNode;
  /** The open tab's entries; `tabLabel` is the open tab's plain label. */
  renderList: (items: L['items'], view: { tabLabel: string; openId: EntryId | null; open: (id: EntryId) => void }) => ReactNode;
  /** Shown under an empty list. */
  emptyText: string;
  renderDetail: (id: EntryId, onClose: () => void) => ReactNode;
}

export function TabbedBrowser<L extends TabbedList, K extends QueryKey>({
  label,
  className,
  defaultTabs,
  subscribed,
  listQuery,
  tabLabel,
  renderList,
  emptyText,
  renderDetail,
}: TabbedBrowserProps<L, K>) {
  const firstTab = defaultTabs[0].id;
  const [tab, setTab] = useState(firstTab);
  const [openId, setOpenId] = useState<EntryId | null>(null);
  const first = useQuery(listQuery(firstTab));
  const tabs = withLocks(first.data?.tabs.length ? first.data.tabs : defaultTabs, subscribed);
  const locked = tabs.find((t) => t.id === tab)?.locked ?? false;
  const list = useQuery({ ...listQuery(tab), enabled: !locked });

  return (
    <Tabs
      label={label}
      className={className}
      tabs={tabLabel ? tabs.map((t) => ({ ...t, label: tabLabel(t) })) : tabs}
      selected={tab}
      onSelect={(next) => {
        setTab(next);
        setOpenId(null);
      }}
    >
      {locked || isApiError(list.error, 402) ? (
        <LockedTab />
      ) : list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Failure error={list.error} onRetry={list.refetch} />
      ) : (
        <>
          {renderList(list.data.items, { tabLabel: tabs.find((t) => t.id === tab)?.label ?? '', openId, open: setOpenId })}
          {list.data.items.length === 0 ? <p className="muted">{emptyText}</p> : null}
          {openId !== null ? renderDetail(openId, () => setOpenId(null)) : null}
        </>
      )}
    </Tabs>
  );
}
