import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../platform/projections/projection-registry';
import { CatalogueReader } from './catalogue/catalogue.reader';
import { CatalogueWords } from './catalogue/catalogue-words';
import { catalogueProjection } from './catalogue/catalogue.projection';
import { DictionaryCache } from './dictionary/dictionary-cache';
import { GetKanaChartHandler, GetKanaHandler } from './dictionary/kana/kana.handler';
import { KanaHttp } from './dictionary/kana/kana.http';
import { KanaQuery } from './dictionary/kana/kana.query';
import { GetKanjiHandler, ListKanjiHandler } from './dictionary/kanji/kanji.handler';
import { KanjiHttp } from './dictionary/kanji/kanji.http';
import { KanjiQuery } from './dictionary/kanji/kanji.query';
import { GetStrokesHandler } from './dictionary/strokes/strokes.handler';
import { StrokesHttp } from './dictionary/strokes/strokes.http';
import { StrokesQuery } from './dictionary/strokes/strokes.query';
import { GetVocabHandler, ListVocabsHandler } from './dictionary/vocabs/vocabs.handler';
import { VocabsHttp } from './dictionary/vocabs/vocabs.http';
import { VocabsQuery } from './dictionary/vocabs/vocabs.query';

/**
 * Content: the catalogue of materials (kana, kanji, readings, vocab, sentences) as events with an inline
 * projection, the content loader, and the dictionary API. Other contexts use ./index.ts only.
 */
@Module({
  controllers: [KanjiHttp, KanaHttp, VocabsHttp, StrokesHttp],
  providers: [
    DictionaryCache,
    KanjiQuery,
    KanaQuery,
    VocabsQuery,
    StrokesQuery,
    CatalogueReader,
    CatalogueWords,
    // Query handlers: the dictionary controllers reach them through the QueryBus.
    GetKanaChartHandler,
    GetKanaHandler,
    ListKanjiHandler,
    GetKanjiHandler,
    ListVocabsHandler,
    GetVocabHandler,
    GetStrokesHandler,
  ],
  exports: [CatalogueReader, CatalogueWords],
})
export class ContentModule implements OnModuleInit {
  constructor(private readonly registry: ProjectionRegistry) {}

  onModuleInit(): void {
    this.registry.register(catalogueProjection);
  }
}
