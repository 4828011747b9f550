// The content context's public surface: other contexts import from here, never from its folders.
export { ContentModule } from './content.module';
export { CatalogueRevision } from './catalogue/catalogue-revision';
export { bumpCatalogueRevision, catalogueProjection } from './catalogue/catalogue.projection';
export { voiceInputOf } from './catalogue/voice-input';
export type { VoiceInput } from './catalogue/voice-input';
export { loadBundledContent, loadContent } from './load/load-content';
// The material aggregate: admin and media write a material only through its command path and decisions.
export { MATERIAL_EVENT_TYPES, materialStreamId } from './material/material.events';
export { materialRef } from './material/material.state';
export type { MaterialRef } from './material/material.state';
export { executeMaterialCommand, getMaterial, lockMaterials } from './material/material.aggregate';
export type { MaterialSnapshot } from './material/material.aggregate';
export { createAdminMaterial, recordMediaEvent, recordVoiceOutcome, reviseMaterialFields } from './material/material.decide';
export { canonical, CARD_OVERRIDE_FIELDS } from './material/material-fields';
export { reviseMaterial } from './material/record-material';
// The card an admin edits and a media job fills: where each field lives and the one writer of a card's fields.
export { CARD_TYPES, editableFields, linkedMaterials, materialFieldOf, placeOf } from './card/card-fields';
export type { CardType, FieldPlace, FieldTarget } from './card/card-fields';
// Every card edit (admin edits, uploads, approvals, media results) is decided by edit-card.decide.ts.
export { approvalsOf, checkCardEdit } from './card/edit-card.decide';
export type { CardEdit } from './card/edit-card.decide';
export { adminSentenceId, cardStreams, lockCard, readCardRow, STALE_MESSAGE, versionToken, writeCardEdit } from './card/card-writer';
export type { CardRow, LockedCard, WriteOptions, WriteResult } from './card/card-writer';
// Japanese text helpers (furigana parsing, kana conversion): the speech worker reads sentences as the build writes them.
export { isKanjiChar, parseFurigana, stripFurigana, toHiragana, toKatakana } from './build/text';
export type { FuriganaSegment } from './build/text';
// The reader (issue 32) segments a learner's text with the build's tokenizer and maps it to course words with the
// build's own rule (known-words.ts), so a text and a course sentence count a word the same way.
export { buildWordIndex, CatalogueWords } from './catalogue/catalogue-words';
export type { CatalogueWord, CatalogueWordIndex } from './catalogue/catalogue-words';
export { dictionaryForm, isContentToken } from './build/known-words';
export type { WordRef } from './build/known-words';
export { loadTokenizer } from './build/tokenizer';
export type { KuromojiToken, Tokenizer } from './build/tokenizer';
