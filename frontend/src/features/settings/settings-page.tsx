// Every learner setting (SPEC §3), the time zone, the password and account deletion.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { ApiError, errorMessage } from '../../lib/api';
import { browserTimezone, profileQuery, saveTimezone, type Profile, type Settings } from '../../lib/profile';
import { queryKeys } from '../../lib/query-keys';
import { endVacation, formatDay, startVacation, type Vacation } from '../../lib/vacation';
import { settingsApi } from './settings-api';
import { canonicalZone, resolveZone, timeZoneChoices, zoneLabel } from './time-zones';

export function SettingsPage() {
  const profile = useQuery(profileQuery);
  if (!profile.data) return <p className="loading">Loading...</p>;
  return (
    <>
      <StudySettings settings={profile.data.settings} />
      <VacationSettings vacation={profile.data.vacation} />
      <TimezoneSettings current={profile.data.timezone} />
      <PasswordSettings />
      <DeleteAccount />
    </>
  );
}

function Section({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  const id = useId();
  return (
    <section className="panel settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {description ? <p className="muted">{description}</p> : null}
      {children}
    </section>
  );
}

function StudySettings({ settings: saved }: { settings: Settings }) {
  const queryClient = useQueryClient();
  // What the learner just chose, shown at once. The profile's optimistic update comes a moment later (it first
  // cancels a refetch in flight), and React puts a controlled box back to its old state in between: a click
  // seemed not to take (CI's browser test saw it). A choice is dropped once its save has settled, unless a newer
  // one of the same setting replaced it; the profile shows the saved value (or the old one after an error).
  const [chosen, setChosen] = useState<Partial<Settings>>({});
  const settings: Settings = { ...saved, ...chosen };
  const hideTextHint = useId();
  const update = useMutation({
    mutationFn: settingsApi.update,
    onMutate: async (partial) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.profile });
      const previous = queryClient.getQueryData<Profile>(queryKeys.profile);
      if (previous) queryClient.setQueryData<Profile>(queryKeys.profile, { ...previous, settings: { ...previous.settings, ...partial } });
      return { previous };
    },
    onError: (_error, _partial, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.profile, context.previous);
    },
    // The server may adjust related settings (hide-text turns off when the prompt leaves 'audio').
    onSuccess: (saved) => {
      const current = queryClient.getQueryData<Profile>(queryKeys.profile);
      if (current) queryClient.setQueryData<Profile>(queryKeys.profile, { ...current, settings: { ...current.settings, ...saved } });
    },
    // Here, not in mutate's options: those run for the latest call only, and every save must drop its choice.
    onSettled: (_saved, _error, partial) => {
      setChosen((current) => withoutSettled(current, partial));
      return queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    },
  });
  const set = (partial: Partial<Settings>) => {
    setChosen((current) => ({ ...current, ...partial }));
    update.mutate(partial);
  };

  return (
    <Section title="Study" description="Changes are saved as you make them.">
      <div className="settings-form">
        <Checkbox
          label="Keyboard shortcuts"
          hint="Space flips the card, A plays audio, 1/2/3 grade, Esc marks a new card as already known."
          checked={settings.keyboard_shortcuts}
          onChange={(value) => set({ keyboard_shortcuts: value })}
        />
        <Checkbox
          label="Play audio automatically in kana and kanji courses"
          hint="Plays the word when you flip the card."
          checked={settings.audio_autoplay}
          onChange={(value) => set({ audio_autoplay: value })}
        />
        <RadioGroup<Settings['vocab_prompt']>
          legend="Vocab prompt"
          name="vocab_prompt"
          value={settings.vocab_prompt}
          onChange={(value) => set({ vocab_prompt: value })}
          options={[
            { value: 'audio', label: 'Audio', hint: 'Listen first; learn words by ear.' },
            { value: 'text', label: 'Text', hint: 'Read the sentence; audio comes with the answer.' },
            { value: 'audio-text', label: 'Audio and text', hint: 'Hear and read the sentence together.' },
          ]}
        />
        <div className="field-check">
          <input
            id={`${hideTextHint}-input`}
            type="checkbox"
            checked={settings.vocab_hide_text}
            disabled={settings.vocab_prompt !== 'audio'}
            aria-describedby={hideTextHint}
            onChange={(event) => set({ vocab_hide_text: event.target.checked })}
          />
          <label htmlFor={`${hideTextHint}-input`}>Hide the sentence text until the card is flipped</label>
          <p id={hideTextHint} className="field-hint">
            {settings.vocab_prompt === 'audio' ? 'Listening only: the text appears with the answer.' : 'Available with the Audio prompt.'}
          </p>
        </div>
        <Checkbox
          label="Play audio automatically in vocab courses"
          checked={settings.vocab_audio_autoplay}
          onChange={(value) => set({ vocab_audio_autoplay: value })}
        />
        <RadioGroup<Settings['furigana']>
          legend="Furigana"
          name="furigana"
          value={settings.furigana}
          onChange={(value) => set({ furigana: value })}
          options={[
            { value: 'show', label: 'Show', hint: 'Readings above every kanji; fainter for words you know.' },
            { value: 'faint', label: 'Faint', hint: 'Faint readings; none for words you know.' },
            { value: 'none', label: 'None', hint: 'No readings.' },
          ]}
        />
        <Checkbox
          label="Type the reading in kanji courses"
          hint="In reviews, type the reading before the card flips: romaji turns into kana as you type, or use your Japanese keyboard."
          checked={settings.typed_reading}
          onChange={(value) => set({ typed_reading: value })}
        />
        <RadioGroup<Settings['vocab_typed_answer']>
          legend="Type your answers in vocab courses"
          name="vocab_typed_answer"
          value={settings.vocab_typed_answer}
          onChange={(value) => set({ vocab_typed_answer: value })}
          options={[
            { value: 'off', label: 'No', hint: 'Flip the card and grade yourself.' },
            { value: 'reading', label: 'The reading', hint: 'Type the word in kana; a wrong answer counts as “Didn’t get it”.' },
            { value: 'reading_meaning', label: 'The reading and the meaning', hint: 'Also type what it means in English.' },
          ]}
        />
        <p className="settings-status" role="status" aria-live="polite">
          {update.isError ? errorMessage(update.error) : update.isSuccess ? 'Saved.' : ''}
        </p>
      </div>
    </Section>
  );
}

/** `chosen` without the choices of `settled` that nothing newer has replaced. */
function withoutSettled(chosen: Partial<Settings>, settled: Partial<Settings>): Partial<Settings> {
  const left: Record<string, unknown> = { ...chosen };
  for (const [key, value] of Object.entries(settled)) if (left[key] === value) delete left[key];
  return left as Partial<Settings>;
}

function Checkbox({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="field-check">
      <input id={id} type="checkbox" checked={checked} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function RadioGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: V;
  options: Array<{ value: V; label: string; hint?: string }>;
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <fieldset className="radio-group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className="field-check">
          <input
            id={`${id}-${option.value}`}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            aria-describedby={option.hint ? `${id}-${option.value}-hint` : undefined}
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
          {option.hint ? (
            <p id={`${id}-${option.value}-hint`} className="field-hint">
              {option.hint}
            </p>
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}

/** Tomorrow as YYYY-MM-DD in this device's zone: the earliest return day the server takes. */
function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function VacationSettings({ vacation }: { vacation: Vacation | null }) {
  const queryClient = useQueryClient();
  const [returnsOn, setReturnsOn] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const done = () => queryClient.invalidateQueries();
  const start = useMutation({
    mutationFn: () => startVacation(returnsOn || null),
    onSuccess: () => {
      setReturnsOn('');
      return done();
    },
    onError: (error) => {
      // The server names the field it refuses (a return day that is not after today).
      setFieldError(error instanceof ApiError ? error.fieldError('returns_on') : undefined);
    },
  });
  const end = useMutation({ mutationFn: () => endVacation(), onSuccess: done });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    start.mutate();
  };
  if (vacation) {
    return (
      <Section title="Vacation" description="While you are away your reviews wait for you: when you come back, every card is due as long after your return as it was after you left.">
        <p role="status">
          On vacation since {new Date(vacation.started_at).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}
          {vacation.returns_on ? `, back on ${formatDay(vacation.returns_on)}` : ''}.
        </p>
        <div className="form-actions">
          <Button variant="primary" onClick={() => end.mutate()} disabled={end.isPending}>
            {end.isPending ? 'Ending…' : 'End vacation'}
          </Button>
        </div>
        {end.isError ? (
          <p role="alert" className="field-error">
            {errorMessage(end.error)}
          </p>
        ) : null}
      </Section>
    );
  }
  return (
    <Section title="Vacation" description="Going away? Pause your reviews: no pile builds up, your levels and study days are kept, and your cards' due dates move by the length of the break when you come back.">
      <form className="form form-inline" onSubmit={submit} noValidate>
        <Field
          label="Planned return (optional)"
          name="returns_on"
          type="date"
          min={tomorrow()}
          value={returnsOn}
          onChange={(event) => {
            setReturnsOn(event.target.value);
            setFieldError(undefined);
          }}
          hint="Only a reminder for you: the vacation lasts until you end it."
          error={fieldError}
        />
        <div className="form-actions">
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? 'Starting…' : 'Start vacation'}
          </Button>
        </div>
        {start.isError && !fieldError ? (
          <p role="alert" className="field-error">
            {errorMessage(start.error)}
          </p>
        ) : null}
      </form>
    </Section>
  );
}

function TimezoneSettings({ current }: { current: string | null | undefined }) {
  const queryClient = useQueryClient();
  const browser = canonicalZone(browserTimezone());
  const zones = useMemo(() => timeZoneChoices({ browser, current }), [current, browser]);
  const [text, setText] = useState(() => canonicalZone(current || browser));
  const [invalid, setInvalid] = useState(false);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: saveTimezone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const zone = resolveZone(text, zones);
    setInvalid(!zone);
    if (!zone) {
      // The error is the field's description: it is read out with the field.
      inputRef.current?.focus();
      return;
    }
    setText(zone);
    save.mutate(zone);
  };
  const useBrowserZone = () => {
    setText(browser);
    setInvalid(false);
  };
  return (
    <Section title="Time zone" description="Your review forecast counts days in this time zone.">
      <form className="form form-inline" onSubmit={submit} noValidate>
        <Field
          ref={inputRef}
          label="Time zone"
          name="timezone"
          list={listId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
          onFocus={(event) => event.currentTarget.select()}
          autoComplete="off"
          spellCheck={false}
          hint={`Type a city or region to search, e.g. Tokyo. This device is set to ${zoneLabel(browser)}.`}
          error={invalid ? 'Choose a time zone from the list, e.g. Asia/Tokyo or Europe/Berlin.' : undefined}
        />
        <datalist id={listId}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z === browser ? `${zoneLabel(z)} (this device)` : zoneLabel(z)}
            </option>
          ))}
        </datalist>
        <div className="form-actions">
          <Button type="submit" disabled={save.isPending}>
            Save time zone
          </Button>
          {resolveZone(text, zones) !== browser ? (
            <Button variant="ghost" onClick={useBrowserZone}>
              Use this device&apos;s time zone
            </Button>
          ) : null}
        </div>
      </form>
      <p role="status" className="settings-status">
        {save.isError ? errorMessage(save.error) : save.isSuccess ? 'Time zone saved.' : ''}
      </p>
    </Section>
  );
}

const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.fieldError(field) : undefined);

function PasswordSettings() {
  const [localError, setLocalError] = useState<string | null>(null);
  const change = useMutation({ mutationFn: settingsApi.changePassword });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const next = String(form.get('new_password') ?? '');
    if (next.length < 8) return setLocalError('Use at least 8 characters.');
    if (next !== String(form.get('confirm_password') ?? '')) return setLocalError('The two new passwords differ.');
    setLocalError(null);
    change.mutate(
      { current_password: String(form.get('current_password') ?? ''), new_password: next },
      { onSuccess: () => formElement.reset() },
    );
  };
  return (
    <Section title="Password">
      <form className="form" onSubmit={submit}>
        {change.isError && !fieldError(change.error, 'current_password') && !fieldError(change.error, 'new_password') ? (
          <p role="alert" className="notice notice-error">
            {errorMessage(change.error)}
          </p>
        ) : null}
        {change.isSuccess ? (
          <p role="status" className="notice notice-success">
            Your password has been changed.
          </p>
        ) : null}
        <Field label="Current password" name="current_password" type="password" autoComplete="current-password" required error={fieldError(change.error, 'current_password')} />
        <Field label="New password" name="new_password" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters." error={localError ?? fieldError(change.error, 'new_password')} />
        <Field label="Repeat the new password" name="confirm_password" type="password" autoComplete="new-password" required />
        <Button type="submit" disabled={change.isPending}>
          Change password
        </Button>
      </form>
    </Section>
  );
}

function DeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useMutation({
    mutationFn: settingsApi.deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      navigate('/', { replace: true, state: { notice: 'Your account has been deleted.' } });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirming) {
      setConfirming(true);
      return;
    }
    remove.mutate({ password });
  };
  return (
    <Section title="Delete account" description="This erases your account, your progress and your subscription link. It cannot be undone.">
      <form className="form" onSubmit={submit}>
        {remove.isError ? (
          <p role="alert" className="notice notice-error">
            {errorMessage(remove.error)}
          </p>
        ) : null}
        <Field label="Password" name="delete_password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        {confirming ? (
          <p role="alert" className="notice notice-warning">
            Are you sure? Press the button again to delete your account for good.
          </p>
        ) : null}
        <div className="form-actions">
          <Button type="submit" variant="danger" disabled={!password || remove.isPending}>
            {confirming ? 'Yes, delete my account' : 'Delete my account'}
          </Button>
          {confirming ? (
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </Section>
  );
}
