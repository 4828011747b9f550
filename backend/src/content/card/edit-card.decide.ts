import { APPROVAL_FLAGS, type ApprovalFlag, isMediaApprovalAction, MEDIA_APPROVALS } from '#contract/admin.requests';
import { AppError } from '../../platform/errors/app-error';
import { NewEvent } from '../../platform/event-store/event-store.types';
import { canonical } from '../material/material-fields';
import { createAdminMaterial, reviseMaterialFields } from '../material/material.decide';
import type { MaterialStream } from '../material/material.state';
import { CardType, FieldTarget, linkedMaterials, placeOf } from './card-fields';

// The pure decisions of a card edit (issue 33 item 1): every writer of a card's fields (the admin's PATCH, an
// image or audio upload, an approval, a media job's result) goes through decideCardEdit, on the card's own
// stream as the command path loaded it. A card shows up to three materials (card-fields.ts), so an edit is up
// to three appends in one transaction: decideCardEdit answers the card's own events and, as its result, the
// values it placed on the card's word and sentence; those are decided on their streams by decideWordEdit,
// decideSentenceEdit or decideAdminSentence (card-writer.ts runs them, after re-reading the card when its own
// events may have given it another word). No clock: nothing here depends on the time.

/** What a card edit asks for. Values are Material field values (SPEC §3 names); null removes a field. */
export type CardEdit =
  /** the admin's PATCH: any field of the card, a reading's word among its candidates */
  | { kind: 'edit'; set: Record<string, unknown> }
  /** a new medium (an upload, a job's result): a changed audio or image is not approved yet */
  | { kind: 'media'; set: Record<string, unknown> }
  /** approvals (POST …/actions): an unapproval is recorded even on a card that never had the flag */
  | { kind: 'approve'; approvals: Partial<Record<ApprovalFlag, boolean>> };

/** The card as the catalogue shows it (its `materials` row): what it shows now and which materials it shows. */
export interface CardShown {
  type: CardType;
  id: number;
  data: Record<string, unknown>;
}

/** The values an edit places on another material the card shows (stored names), and the fields they came from. */
export interface LinkedEdit {
  values: Record<string, unknown>;
  /** the Material fields of the edit that went there (an error names those) */
  fields: string[];
}

export interface CardEditResult {
  /** the reading's word: null when the edit sets none of its fields */
  word: LinkedEdit | null;
  /** the sentence the card shows (or a new one of its own): null when the edit sets none of its fields */
  sentence: LinkedEdit | null;
}

/** An approval flag a card never had is false (not approved). */
const APPROVAL_DEFAULTS: Record<ApprovalFlag, boolean> = Object.fromEntries(APPROVAL_FLAGS.map((flag) => [flag, false])) as Record<ApprovalFlag, boolean>;

/** A new medium replaces the approved one only once an admin listened or looked (SPEC §7). */
const APPROVAL_OF_MEDIUM = { audio_url: 'is_audio_approved', image_url: 'is_image_approved' } as const satisfies Record<string, ApprovalFlag>;

function invalid(field: string, message: string, fieldMessage = message): AppError {
  return new AppError('validation_failed', message, { fields: [{ field, message: fieldMessage }] });
}

/**
 * The approvals a list of media actions asks for (the flag each one sets is the contract's MEDIA_APPROVALS);
 * approving and unapproving the same medium at once is refused. Job actions are not approvals: left out.
 */
export function approvalsOf(actions: readonly string[]): Partial<Record<ApprovalFlag, boolean>> {
  const approvals: Partial<Record<ApprovalFlag, boolean>> = {};
  for (const action of actions.filter(isMediaApprovalAction)) {
    const { field, value } = MEDIA_APPROVALS[action];
    if (field in approvals && approvals[field] !== value) {
      throw invalid('actions', `Approve and unapprove the same ${field === 'is_audio_approved' ? 'audio' : 'image'} at once? Choose one.`, 'Contradicting approvals.');
    }
    approvals[field] = value;
  }
  return approvals;
}

/**
 * The rules an edit must meet whatever the card holds, so a caller can refuse it before it locks anything: a
 * kana's example word is written in kana only.
 */
export function checkCardEdit(type: CardType, edit: CardEdit): void {
  if (edit.kind !== 'edit') return;
  const { set } = edit;
  if (type === 'kana' && 'vocab' in set && 'vocab_hiragana' in set && canonical(set.vocab) !== canonical(set.vocab_hiragana)) {
    throw invalid('vocab_hiragana', "A kana's example word is written in kana only: vocab and vocab_hiragana must be the same.", 'Must equal vocab for a kana.');
  }
}

/** A reading's word must be one of its candidates (vocab_id_options), or none. */
function checkVocabChoice(type: CardType, data: Record<string, unknown>, set: Record<string, unknown>): void {
  if (type !== 'reading' || !('vocab_id' in set) || set.vocab_id === null) return;
  if (set.vocab_id === data.vocab_id) return;
  const options = Array.isArray(data.vocab_id_options) ? data.vocab_id_options : [];
  if (!options.includes(set.vocab_id)) {
    throw invalid('vocab_id', `Word ${String(set.vocab_id)} is not one of this reading's candidate words (vocab_id_options).`, 'Choose one of the candidate words listed for this reading.');
  }
}

/** The field values an edit sets: a changed medium also clears its approval; approvals are their flags. */
function valuesOf(card: CardShown, edit: CardEdit): Record<string, unknown> {
  if (edit.kind === 'approve') return { ...edit.approvals };
  const set = { ...edit.set };
  if (edit.kind === 'media') {
    for (const [medium, flag] of Object.entries(APPROVAL_OF_MEDIUM)) {
      if (set[medium] !== undefined && set[medium] !== card.data[medium]) set[flag] = false;
    }
  }
  return set;
}

/**
 * A card edit, on the card's own stream: the checks, where each field goes (card-fields.ts placeOf), and one
 * MaterialRevised (source 'admin') of the card's own fields that change (none when nothing differs). A field the
 * card type does not have is refused, named; so is a card whose material has no history. An approval flag the
 * card never had reads as false, so only an unapproval is a change there (issue 31: that explicit false is
 * the veto of the system voice). The word's and the sentence's values come back as the result.
 */
export function decideCardEdit(stream: MaterialStream, card: CardShown, edit: CardEdit): { events: NewEvent[]; result: CardEditResult } {
  checkCardEdit(card.type, edit);
  if (edit.kind === 'edit') checkVocabChoice(card.type, stream.material?.data ?? {}, edit.set);
  const material = stream.material;
  if (!material) throw new AppError('not_found', `The ${card.type} material ${card.id} has no history to edit.`);

  const where = { hasContextOverride: material.data.sentence_context != null, hasSentence: linkedMaterials(card).sentenceId !== null };
  const parts: Record<FieldTarget, LinkedEdit> = { own: { values: {}, fields: [] }, vocab: { values: {}, fields: [] }, sentence: { values: {}, fields: [] } };
  for (const [field, value] of Object.entries(valuesOf(card, edit))) {
    const place = placeOf(card.type, field, where);
    if (!place) throw invalid(field, `A ${card.type} has no field ${field}.`, 'Not a field of this material type.');
    parts[place.target].values[place.field] = value;
    parts[place.target].fields.push(field);
  }

  const explicit = edit.kind === 'approve' ? Object.keys(edit.approvals).filter((flag) => edit.approvals[flag as ApprovalFlag] === false) : [];
  const defaults = Object.fromEntries(Object.entries(APPROVAL_DEFAULTS).filter(([flag]) => !explicit.includes(flag)));
  const events = parts.own.fields.length ? reviseMaterialFields(stream, { set: parts.own.values, defaults }) : [];
  const linked = (part: LinkedEdit) => (part.fields.length ? part : null);
  return { events, result: { word: linked(parts.vocab), sentence: linked(parts.sentence) } };
}

/** A reading's word fields set before it has a word: refused, naming them. */
export function wordMissing(word: LinkedEdit): AppError {
  return new AppError('validation_failed', 'This reading has no word yet: choose a vocab id first, then edit the word.', {
    fields: word.fields.map((field) => ({ field, message: 'Choose a vocab id first.' })),
  });
}

/** The word's share of a card edit, on the word's stream: a word that is not there is refused (wordMissing). */
export function decideWordEdit(stream: MaterialStream, word: LinkedEdit): NewEvent[] {
  if (!stream.material) throw wordMissing(word);
  return reviseMaterialFields(stream, { set: word.values });
}

/**
 * The sentence's share, on the stream of the sentence the card shows. `missing` when that sentence has no
 * material: the card then gets a sentence of its own (decideAdminSentence).
 */
export function decideSentenceEdit(stream: MaterialStream, sentence: LinkedEdit): { events: NewEvent[]; result: { missing: boolean } } {
  if (!stream.material) return { events: [], result: { missing: true } };
  return { events: reviseMaterialFields(stream, { set: sentence.values }), result: { missing: false } };
}

/** The values a new sentence starts with: the ones set, nulls left out (nothing to create when none is left). */
export function newSentenceData(sentence: LinkedEdit): Record<string, unknown> {
  return Object.fromEntries(Object.entries(sentence.values).filter(([, v]) => v !== null && v !== undefined));
}

/**
 * A sentence of the card's own, on the stream of a candidate id (adminSentenceId): a new one is MaterialImported
 * (source 'admin', naming the card); one of ours from before, no longer shown (marked unapproved), takes the new
 * text and shows again; an id that is someone else's is `taken` (the caller tries the next).
 */
export function decideAdminSentence(stream: MaterialStream, card: { type: CardType; id: number }, sentence: LinkedEdit): { events: NewEvent[]; result: { taken: boolean } } {
  const existing = stream.material;
  if (existing && (existing.data.material_type !== card.type || existing.data.material_id !== card.id)) return { events: [], result: { taken: true } };
  const events = existing
    ? reviseMaterialFields(stream, { set: { ...sentence.values, is_approved: null } })
    : createAdminMaterial(stream, { ...newSentenceData(sentence), material_type: card.type, material_id: card.id });
  return { events, result: { taken: false } };
}
