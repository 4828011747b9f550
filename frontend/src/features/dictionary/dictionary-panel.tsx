// The Dictionary panel of a study screen: its frame, in the entry bundle with the course page. What it shows (the
// kana chart, the kanji and vocabulary browsers) is a chunk of its own (issue 32: entry JS ≤ 130 KB gzip), fetched
// as the panel first renders and drawn once the page's first screen has been painted (issue 31).
import { useEffect } from 'react';
import type { Course } from '../../lib/courses';
import { lazyComponent } from '../../lib/lazy-component';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';

export interface DictionaryPanelProps {
  course: Course;
  subscribed: boolean;
}

const loading = <p className="loading">Loading...</p>;
const DictionaryBrowsers = lazyComponent(() => import('./dictionary-browsers').then((m) => m.DictionaryBrowsers), () => loading);

export function DictionaryPanel({ course, subscribed }: DictionaryPanelProps) {
  const shown = useAfterFirstPaint();
  // The chunk is on its way while the first screen renders, so it is there when the panel may draw.
  useEffect(() => DictionaryBrowsers.preload(), []);
  return (
    <section className="panel dictionary" aria-labelledby="dictionary-heading">
      <h2 id="dictionary-heading">Dictionary</h2>
      {shown ? <DictionaryBrowsers course={course} subscribed={subscribed} /> : loading}
    </section>
  );
}
