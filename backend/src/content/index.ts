// The content context's public surface: other contexts import from here, never from its folders.
export { ContentModule } from './content.module';
export { CatalogueReader } from './catalogue/catalogue.reader';
export { CatalogueRevision } from './catalogue/catalogue-revision';
export { bumpCatalogueRevision, CATALOGUE_PROJECTION, CATALOGUE_TABLES, catalogueProjection } from './catalogue/catalogue.projection';
export { CARD_OVERRIDE_FIELDS } from './catalogue/catalogue.rows';
export type { MaterialRow } from './catalogue/catalogue.rows';
export {
  MATERIAL_EVENT_TYPES,
  MATERIAL_KINDS,
  MATERIAL_STREAM_TYPE,
  MaterialImported,
  MaterialRestored,
  MaterialRetired,
  MaterialRevised,
  materialStreamId,
  RETIRE_REASONS,
} from './catalogue/material.events';
export type {
  MaterialImportedData,
  MaterialKind,
  MaterialRestoredData,
  MaterialRetiredData,
  MaterialRevisedData,
  RetireReason,
} from './catalogue/material.events';
export {
  createMaterial,
  getMaterial,
  lockCatalogueForWrite,
  recordMaterialEvents,
  restoreMaterial,
  retireMaterial,
  reviseMaterial,
} from './catalogue/record-material';
export type { CreateMaterialCommand, MaterialSnapshot, ReviseMaterialCommand, SetRetiredCommand } from './catalogue/record-material';
export { currentVoice, voiceInputOf, voiceKey } from './catalogue/voice-input';
export type { StoredVoice, VoiceInput, VoiceKind } from './catalogue/voice-input';
export { canonical } from './catalogue/material.state';
export { CONTENT_DIR, ContentFileError, loadBundledContent, loadContent } from './load/load-content';
export type { LoadContentOptions, LoadContentResult } from './load/load-content';
// Japanese text helpers (furigana parsing, kana conversion): the speech worker reads sentences as the build writes them.
export { isKanjiChar, parseFurigana, stripFurigana, toHiragana, toKatakana } from './build/text';
export type { FuriganaSegment } from './build/text';
