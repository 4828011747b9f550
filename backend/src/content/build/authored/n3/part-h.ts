/**
 * N4–N3 words, part h (see ../n3-core.ts): everyday words missing from all 10,000 that a search of frequency.tsv
 * found (issue 29, item 2: every candidate outside the list, most frequent first). They are common EDICT words
 * with a good UniDic score that the ranking put just past the cut: a capitalised first gloss read as a proper noun
 * (仏教 "Buddhism", 北極 "North Pole"), a non-jōyō kanji (躊躇, 些細, 相槌), a small word family in the coarse band
 * (卒業式, 従業員, 乗客, 価値観) or a place name the proper-noun decision teaches (台湾, 北京, 横浜, 札幌, 地中海). Then everyday
 * words a teacher's check of 270 words of daily life (bank, post, school, work, health, news) found missing, and last
 * loanwords EDICT does not mark common (read from their own EDICT lines, as the core list's are) and 段ボール,
 * which EDICT files as "usually kana" (だんボール, spelt 段ボール by PREFERRED_SPELLINGS). Each takes the place of a word a
 * teacher drops first (../word-list.ts, EXCLUDED_WORDS "gives way to an everyday word"; docs/content.md).
 */
export const N3_PART_H = `
  卒業式:そつぎょうしき 従業員:じゅうぎょういん 乗客:じょうきゃく 吐き気:はきけ 視線:しせん 天国:てんごく 適切:てきせつ
  実施:じっし 皮肉:ひにく 価値観:かちかん 定番:ていばん 居心地:いごこち 始発:しはつ 卓球:たっきゅう 一般的:いっぱんてき
  比較的:ひかくてき 委員会:いいんかい 被害者:ひがいしゃ 万引き:まんびき 時刻表:じこくひょう 時間割:じかんわり 水色:みずいろ
  墓参り:はかまいり 政治家:せいじか 参加者:さんかしゃ 皮膚科:ひふか 時間帯:じかんたい 小豆:あずき 人気者:にんきもの 徹底:てってい
  躊躇:ちゅうちょ 些細:ささい 漠然:ばくぜん 無礼:ぶれい 不要:ふよう 外見:がいけん 相槌:あいづち 責任感:せきにんかん
  仏教:ぶっきょう 江戸時代:えどじだい 視聴率:しちょうりつ 時代劇:じだいげき 美容師:びようし 手数料:てすうりょう 頑丈:がんじょう
  几帳面:きちょうめん 図鑑:ずかん 副作用:ふくさよう 思春期:ししゅんき 北極:ほっきょく
  台湾:たいわん 北京:ぺきん 横浜:よこはま 札幌:さっぽろ 地中海:ちちゅうかい
  彫刻:ちょうこく 偏見:へんけん 温暖化:おんだんか 噴火:ふんか 昇進:しょうしん 請求書:せいきゅうしょ 返品:へんぴん 謝罪:しゃざい 定規:じょうぎ
  接着剤:せっちゃくざい 炊飯器:すいはんき 浪費:ろうひ 処方箋:しょほうせん 眼科:がんか 目撃:もくげき 剣道:けんどう 光熱費:こうねつひ
  暗証番号:あんしょうばんごう 民宿:みんしゅく 加害者:かがいしゃ
  ホッチキス:ほっちきす シャーペン:しゃーぺん ノートパソコン:のーとぱそこん ドンマイ:どんまい 段ボール:だんぼーる
`;
