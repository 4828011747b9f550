// The material editor: every text field of SPEC §3's Material, the reading's vocab and grade, and an
// optimistic-concurrency save: the changed fields go back with the version they were based on, and a 409
// keeps the admin's text on screen next to a Reload button.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { isApiError, type ApiError } from '../../../lib/api';
import type { BreakdownEntry } from '../../../lib/api-schemas';
import { JapaneseText } from '../../../lib/japanese-text';
import { patchMaterial, type Version } from '../shell/admin-api';
import { adminKeys, type MaterialDetail, type MaterialType } from '../shell/admin-queries';
import { LoadError, SelectField, TextAreaField } from '../shell/admin-ui';

export const CONFLICT_MESSAGE = 'Someone else changed this material. Reload to see their version.';
export const IN_USE_MESSAGE = 'This vocab is already in use.';

type Draft = Record<string, unknown>;

function normal(value: unknown): unknown {
  return value === undefined || value === '' ? null : value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normal(a)) === JSON.stringify(normal(b));
}

/** The saved value of a field: the reading's own fields (grade, vocab_id) come from `reading`. */
export function savedValue(detail: MaterialDetail, field: string): unknown {
  if (detail.reading && (field === 'grade' || field === 'vocab_id')) return detail.reading[field];
  return (detail.material as Record<string, unknown>)[field];
}

/**
 * The unsaved edits of one material and the version they started from. Lives with the page (not the form),
 * so switching to the History tab and back keeps them.
 */
export function useMaterialDraft() {
  const [draft, setDraft] = useState<Draft>({});
  const [base, setBase] = useState<Version | null>(null);
  return {
    draft,
    base,
    dirty: Object.keys(draft).length > 0,
    change(detail: MaterialDetail, field: string, value: unknown) {
      setDraft((previous) => {
        const next = { ...previous };
        if (same(value, savedValue(detail, field))) delete next[field];
        else next[field] = value;
        return next;
      });
      setBase((previous) => previous ?? detail.material.version);
    },
    clear() {
      setDraft({});
      setBase(null);
    },
    /** After a reload: edits now equal to the server's value are no longer edits; the rest apply to `version`. */
    rebaseOnto(detail: MaterialDetail) {
      setDraft((previous) => Object.fromEntries(Object.entries(previous).filter(([field, value]) => !same(value, savedValue(detail, field)))));
      setBase(detail.material.version);
    },
    /** Our own change (an upload, an approval) moved the version: edits based on `from` now apply to `to`. */
    followOwnChange(from: Version, to: Version) {
      setBase((previous) => (previous !== null && String(previous) === String(from) ? to : previous));
    },
  };
}
export type MaterialDraft = ReturnType<typeof useMaterialDraft>;

interface TextFieldSpec {
  name: string;
  label: string;
  long?: boolean;
  hint?: string;
  /** SPEC §5: disabled until the reading has a vocab id. */
  needsVocab?: boolean;
  types: readonly MaterialType[];
}

const ALL: readonly MaterialType[] = ['reading', 'vocab', 'kana'];

export const TEXT_FIELDS: readonly TextFieldSpec[] = [
  { name: 'kanji', label: 'Kanji', types: ['reading'] },
  { name: 'kana', label: 'Kana', types: ['kana'] },
  { name: 'reading', label: 'Reading', types: ['reading'] },
  { name: 'vocab', label: 'Vocab', types: ALL },
  { name: 'vocab_hiragana', label: 'Vocab reading (kana)', types: ALL },
  { name: 'vocab_meaning', label: 'Vocab meaning', types: ALL },
  { name: 'sentence', label: 'Sentence', long: true, types: ALL },
  { name: 'furigana', label: 'Furigana', long: true, hint: 'The sentence in 漢字[かんじ] notation.', types: ALL },
  { name: 'sentence_meaning', label: 'Sentence meaning', long: true, types: ALL },
  { name: 'sentence_context', label: 'Sentence context', long: true, needsVocab: true, types: ALL },
  { name: 'image_description', label: 'Image description', long: true, needsVocab: true, types: ALL },
  { name: 'image_situation', label: 'Image situation', long: true, types: ALL },
  { name: 'audio_spec', label: 'Audio spec', long: true, types: ALL },
];

const GRADES = ['elementary', 'middle', 'high'];

function BreakdownEditor({ value, onChange }: { value: BreakdownEntry[]; onChange: (next: BreakdownEntry[]) => void }) {
  const set = (index: number, patch: Partial<BreakdownEntry>) => onChange(value.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));
  return (
    <fieldset className="breakdown-editor">
      <legend>Sentence breakdown</legend>
      {value.length === 0 ? <p className="muted small">No words yet.</p> : null}
      <ol className="breakdown-rows">
        {value.map((entry, i) => (
          <li key={i} className="breakdown-row">
            <input aria-label={`Word ${i + 1}`} lang="ja" value={entry.word} onChange={(e) => set(i, { word: e.target.value })} />
            <input aria-label={`Pronunciation ${i + 1}`} lang="ja" value={entry.pronunciation ?? ''} onChange={(e) => set(i, { pronunciation: e.target.value })} />
            <input aria-label={`Meaning ${i + 1}`} value={entry.meaning ?? ''} onChange={(e) => set(i, { meaning: e.target.value })} />
            <label className="breakdown-known">
              <input type="checkbox" checked={Boolean(entry.vocab)} onChange={(e) => set(i, { vocab: e.target.checked })} /> Known word
            </label>
            <Button size="sm" variant="ghost" aria-label={`Remove word ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <Button size="sm" onClick={() => onChange([...value, { word: '', pronunciation: '', meaning: '' }])}>
        Add word
      </Button>
    </fieldset>
  );
}

function ReadingFields({ detail, draft }: { detail: MaterialDetail; draft: MaterialDraft }) {
  const reading = detail.reading!;
  const vocabId = ('vocab_id' in draft.draft ? draft.draft.vocab_id : reading.vocab_id) as number | null | undefined;
  const grade = ('grade' in draft.draft ? draft.draft.grade : reading.grade) as string | number | null | undefined;
  const options = [...reading.vocab_id_options];
  if (reading.vocab_id != null && !options.some((o) => o.id === reading.vocab_id)) {
    options.unshift({ id: reading.vocab_id, vocab: detail.material.vocab ?? `Vocab ${reading.vocab_id}`, vocab_hiragana: detail.material.vocab_hiragana, vocab_meaning: detail.material.vocab_meaning });
  }
  const chosen = options.find((o) => o.id === vocabId);
  // The server answers which readings share the saved vocab; for another choice, its option may say.
  const sharedWith = vocabId == null ? [] : vocabId === reading.vocab_id ? reading.same_vocab_reading_ids : chosen?.reading_ids;
  const others = (sharedWith ?? []).filter((id) => id !== reading.id);

  return (
    <fieldset className="reading-fields">
      <legend>Reading</legend>
      <p className="reading-summary">
        <span lang="ja" className="reading-kanji">
          {reading.kanji}
        </span>{' '}
        <span lang="ja">{reading.reading}</span>
        {reading.kanji_id ? (
          <>
            {' · '}
            <Link to={`/admin/kanji/${reading.kanji_id}`}>Kanji {reading.kanji_id}</Link>
          </>
        ) : null}
      </p>
      {typeof grade === 'number' ? (
        <Field label="Grade" type="number" value={grade} onChange={(e) => draft.change(detail, 'grade', e.target.value === '' ? null : Number(e.target.value))} />
      ) : (
        <SelectField label="Grade" value={grade ?? ''} onChange={(e) => draft.change(detail, 'grade', e.target.value || null)}>
          <option value="">Not set</option>
          {[...GRADES, ...(grade && !GRADES.includes(grade) ? [grade] : [])].map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        label="Vocab id"
        value={vocabId == null ? '' : String(vocabId)}
        onChange={(e) => draft.change(detail, 'vocab_id', e.target.value === '' ? null : Number(e.target.value))}
        hint={options.length === 0 ? 'No candidate words were found for this reading.' : undefined}
      >
        <option value="">No vocab</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.id} · {o.vocab}
            {o.vocab_hiragana ? ` (${o.vocab_hiragana})` : ''}
            {o.vocab_meaning ? ` — ${o.vocab_meaning}` : ''}
            {o.retired ? ' (retired)' : ''}
          </option>
        ))}
      </SelectField>
      {others.length > 0 ? (
        <div className="notice notice-warning in-use" role="status">
          <p>{IN_USE_MESSAGE}</p>
          <p>
            Also used by:{' '}
            {others.map((id, i) => (
              <span key={id}>
                {i > 0 ? ', ' : ''}
                <Link to={`/admin/readings/${id}`}>Reading {id}</Link>
              </span>
            ))}
          </p>
        </div>
      ) : vocabId != null && vocabId !== reading.vocab_id && sharedWith === undefined ? (
        <p className="field-hint">Save to check whether other readings already use this vocab.</p>
      ) : null}
    </fieldset>
  );
}

export function MaterialEditor({
  detail,
  draft,
  queryKey,
  reload,
}: {
  detail: MaterialDetail;
  draft: MaterialDraft;
  queryKey: readonly unknown[];
  /** Refetches the material; resolves with the fresh detail. */
  reload: () => Promise<MaterialDetail | undefined>;
}) {
  const queryClient = useQueryClient();
  const { material } = detail;
  const type = material.type;
  const [saved, setSaved] = useState(false);
  const [reloaded, setReloaded] = useState(false);

  const save = useMutation({
    mutationFn: () => {
      const changes = Object.fromEntries(Object.entries(draft.draft).map(([field, value]) => [field, normal(value)]));
      return patchMaterial(material.id, { type, version: draft.base ?? material.version, ...changes });
    },
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey, data);
      draft.clear();
      setSaved(true);
      setReloaded(false);
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.materials(type), 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.history });
    },
    onError: () => setSaved(false),
  });

  const conflict = isApiError(save.error, 409);
  const fieldError = (field: string) => (save.error && isApiError(save.error) ? (save.error as ApiError).fieldError(field) : undefined);

  const doReload = async () => {
    const fresh = await reload();
    if (fresh) draft.rebaseOnto(fresh);
    save.reset();
    setReloaded(true);
  };

  const value = (field: string) => (field in draft.draft ? draft.draft[field] : savedValue(detail, field));
  const vocabId = type === 'reading' ? (detail.reading ? value('vocab_id') : material.vocab_id) : (material.vocab_id ?? material.id);
  const hasVocab = vocabId !== null && vocabId !== undefined;
  const shown = TEXT_FIELDS.filter((f) => f.types.includes(type) || (savedValue(detail, f.name) ?? '') !== '');
  const breakdown = (value('sentence_breakdown') as BreakdownEntry[] | null | undefined) ?? [];
  const preview = (value('furigana') as string | null) || (value('sentence') as string | null);
  const changedCount = Object.keys(draft.draft).length;

  return (
    <form
      className="material-editor"
      aria-label="Edit material"
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.dirty && !save.isPending) save.mutate();
      }}
    >
      {detail.reading ? <ReadingFields detail={detail} draft={draft} /> : null}
      <fieldset className="text-fields">
        <legend>Text</legend>
        {shown.map((f) => {
          const raw = value(f.name);
          if (raw !== null && raw !== undefined && typeof raw !== 'string') {
            return (
              <div key={f.name} className="field">
                <span className="field-label">{f.label}</span>
                <pre className="value-json">{JSON.stringify(raw, null, 2)}</pre>
              </div>
            );
          }
          const disabled = Boolean(f.needsVocab) && type === 'reading' && !hasVocab;
          const common = {
            label: f.label,
            value: (raw as string | null | undefined) ?? '',
            disabled,
            hint: disabled ? 'Set a vocab id first.' : f.hint,
            error: fieldError(f.name),
          };
          const lang = ['kanji', 'kana', 'reading', 'vocab', 'vocab_hiragana', 'sentence', 'furigana'].includes(f.name) ? 'ja' : undefined;
          return f.long ? (
            <TextAreaField key={f.name} {...common} lang={lang} rows={f.name === 'audio_spec' ? 2 : 3} onChange={(e) => draft.change(detail, f.name, e.target.value)} />
          ) : (
            <Field key={f.name} {...common} lang={lang} onChange={(e) => draft.change(detail, f.name, e.target.value)} />
          );
        })}
        {preview ? (
          <div className="sentence-preview">
            <span className="field-label">Preview</span>
            <JapaneseText as="p" text={preview} highlight={(value('vocab') as string | null) ?? undefined} />
          </div>
        ) : null}
      </fieldset>
      <BreakdownEditor value={breakdown} onChange={(next) => draft.change(detail, 'sentence_breakdown', next)} />

      {conflict ? (
        <div role="alert" className="notice notice-warning">
          <p>{CONFLICT_MESSAGE}</p>
          <Button size="sm" onClick={doReload}>
            Reload
          </Button>
        </div>
      ) : save.isError ? (
        <LoadError error={save.error} />
      ) : null}
      {reloaded && draft.dirty && !conflict ? (
        <p className="notice notice-info" role="status">
          Reloaded version {String(material.version)}. Your unsaved edits are still here: check them and save again.
        </p>
      ) : null}

      <div className="save-bar">
        <Button type="submit" variant="primary" disabled={!draft.dirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button
          variant="ghost"
          disabled={!draft.dirty || save.isPending}
          onClick={() => {
            draft.clear();
            save.reset();
            setReloaded(false);
          }}
        >
          Discard changes
        </Button>
        <span role="status" className="muted small">
          {draft.dirty ? `${changedCount} unsaved ${changedCount === 1 ? 'change' : 'changes'}` : saved ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}
