// /read and /read/:id, a lazy chunk: the reader with the dictionary's word entry in its word panel.
import { VocabDetailView } from '../../features/dictionary/dictionary-browsers';
import { ReadPage } from '../../features/read/read-page';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShell } from '../shell';

export default function ReadRoute() {
  const { profile } = useShell();
  useDocumentTitle('Read');
  return <ReadPage furigana={profile.settings.furigana} renderEntry={(id, onClose) => <VocabDetailView key={id} id={id} onClose={onClose} />} />;
}
