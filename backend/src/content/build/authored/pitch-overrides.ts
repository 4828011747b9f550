/**
 * Pitch accents neither Kanjium nor NAIST-jdic gives right (compounds, readings they lack, words where they disagree),
 * written by hand from the standard Tokyo accent: the mora after which the pitch falls, 0 for flat. Keys are "written|reading".
 */
export const PITCH_OVERRIDES: ReadonlyMap<string, number[]> = new Map(
  Object.entries({
    '誕生日|たんじょうび': [3],
    '一日|ついたち': [4],
    '何時|なんじ': [1],
    '郵便局|ゆうびんきょく': [3],
    '外国人|がいこくじん': [4],
    '動物園|どうぶつえん': [4],
    'お手洗い|おてあらい': [3],
    'お兄さん|おにいさん': [2],
    'お姉さん|おねえさん': [2],
    'お土産|おみやげ': [0],
    '二十日|はつか': [0],
    '会議室|かいぎしつ': [3],
    '駐車場|ちゅうしゃじょう': [0],
    '外国語|がいこくご': [0],
    '説明書|せつめいしょ': [0, 5],
    'ください|ください': [3],
    // Issue 29: where Kanjium (pitch.tsv, preferred since issue 29) and NAIST-jdic disagree and the standard Tokyo
    // accent is neither or both. Source for each: the accent NHK's and Sanseidō's accent dictionaries give (as also
    // cited by Wiktionary), with which of the two sources agrees.
    'こんにちは|こんにちは': [0], // heiban; NAIST-jdic agrees (Kanjium's 5 is 今日は read as "today (topic)")
    'たくさん|たくさん': [0, 3], // both heard; NAIST-jdic gives 0, Kanjium 3
    '中国|ちゅうごく': [1], // チュ＼ーゴク; NAIST-jdic agrees, Kanjium gives 0
    '韓国|かんこく': [1], // カ＼ンコク; NAIST-jdic agrees, Kanjium gives 0
  }),
);
