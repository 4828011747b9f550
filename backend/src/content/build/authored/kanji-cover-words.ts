/**
 * Words for jōyō kanji that no common word teaches (issue 17; 38 of them): without them these Kanji II kanji kept a card with no
 * example word, never served. Chosen by a teacher from EDICT's lines without the common mark (the core lists' way),
 * one familiar compound or kun word per kanji, the kind a newspaper reader meets (訃報, 哺乳類, 隠蔽) or a shop says
 * (食パン一斤, 串); they enter the list as candidates, and the kanji-coverage rule of vocab.ts pulls each into the end
 * of Vocab III in place of a word whose kanji other words already teach. Item format of core-vocab.ts.
 */
export const KANJI_COVER_WORDS: readonly string[] = [
  `
  曽祖父:そうそふ 貞節:ていせつ 串:くし 隻:せき 恭しい:うやうやしい 薫る:かおる 藍色:あいいろ 臼:うす 瞳孔:どうこう 怨恨:えんこん
  後嗣:こうし 恣意的:しいてき 壱:いち 訃報:ふほう 哺乳類:ほにゅうるい 斤:きん 弐:に 冶金:やきん 肥沃:ひよく 喝采:かっさい
  咽喉:いんこう 羞恥心:しゅうちしん 右舷:うげん 戦慄:せんりつ 辛辣:しんらつ 憧憬:しょうけい 隠蔽:いんぺい 謁見:えっけん
  俳諧:はいかい 国璽:こくじ
  脊椎:せきつい 斑点:はんてん 愛玩:あいがん 苛酷:かこく 畏敬:いけい 充填:じゅうてん 淫ら:みだら 朕:ちん 遡る:さかのぼる
  `,
];
