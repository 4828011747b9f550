import { AppError } from '../../platform/errors/app-error';
import { NewEvent } from '../../platform/event-store/event-store.types';
import { assertNotErased } from '../user.decide';
import { SettingsChanged, Settings } from '../user.events';
import { UserState } from '../user.state';

export type SettingsPatch = Partial<Settings>;

export const HIDE_TEXT_NEEDS_AUDIO = 'Hide text can only be turned on when the vocab prompt is audio.';

/**
 * ChangeSettings. vocab_hide_text is only meaningful with an audio-only prompt (SPEC §5): turning it on with
 * another prompt is refused; switching the prompt away from audio turns it off again, so no stored state
 * hides the text of a prompt that has no audio. An erased account has no settings to change.
 */
export function decideChangeSettings(state: UserState, patch: SettingsPatch): { events: NewEvent[]; settings: Settings } {
  assertNotErased(state);
  const next: Settings = { ...state.settings, ...patch };
  if (next.vocab_hide_text && next.vocab_prompt !== 'audio') {
    if (patch.vocab_hide_text === true) {
      throw new AppError('validation_failed', `The settings are not valid. vocab_hide_text: ${HIDE_TEXT_NEEDS_AUDIO}`, {
        fields: [{ field: 'vocab_hide_text', message: HIDE_TEXT_NEEDS_AUDIO }],
      });
    }
    next.vocab_hide_text = false;
  }
  const changed = (Object.keys(next) as (keyof Settings)[]).filter((key) => next[key] !== state.settings[key]);
  if (changed.length === 0) return { events: [], settings: next };
  return { events: [SettingsChanged({ userId: state.id, changed, settings: next })], settings: next };
}
