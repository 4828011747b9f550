/**
 * Pitch accents NAIST-jdic does not give as one word (compounds, readings it lacks), written by hand from the
 * standard Tokyo accent: the mora after which the pitch falls, 0 for flat. Keys are "written|reading".
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
  }),
);
