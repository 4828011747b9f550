/**
 * Kun/on readings KANJIDIC2 lists that are not jōyō readings but that a course word happens to use on its own
 * (子 ね "the Rat", 字 あざ "village section"), or whose only course word cannot carry a natural example
 * (上 かみ). KANJIDIC2 does not mark jōyō readings, so these few are removed by hand: "kanji:reading" as shown on
 * the card.
 */
export const EXCLUDED_READINGS: ReadonlySet<string> = new Set([
  '生:な.る',
  '子:ね',
  '字:あざ',
  '手:ズ',
  '人:と',
  '上:かみ',
  // Not jōyō readings, though the words are everyday ones written in kana (かしこまりました, いじめる): the
  // cards teach イ (畏敬) and カ (苛酷) instead.
  '畏:かしこ',
  '畏:かしこ.まる',
  '苛:いじ.める',
  // Issue 29: rare readings that a bare-kanji word of Vocab II/III let through (isCommon's "the kanji on its own").
  '股:もも', // not a jōyō reading; 股 is また (the card 股 また stays), もも is written 腿 or in kana
  '朱:あけ', // not a jōyō reading (朱 is シュ only); あけ is poetic (朱に染まる)
  '代:よ', // jōyō, but only in 君が代 and 神代: a learner meets 代 as ダイ, か.わる, か.える long before
  '面:つら', // jōyō, but its word 面 つら is the rude "mug": a register a first card must not teach (面 メン, おも stay)
  '申:さる', // the zodiac Monkey, not a jōyō reading (申 is シン, もう.す)
  '未:ひつじ', // the zodiac Sheep, not a jōyō reading (未 is ミ)
  '午:うま', // the zodiac Horse, not a jōyō reading (午 is ゴ)
  '丹:に', // not a jōyō reading (丹 is タン); に "red earth" is archaic
  '齢:よわい', // not a jōyō reading (齢 is レイ); literary
  '帝:みかど', // not a jōyō reading (帝 is テイ); archaic
  '獣:けだもの', // not the jōyō reading (けもの); けだもの is the insult "brute"
  // Words the course rightly teaches in kana, whose kanji spelling is not a jōyō reading (the build asks for a card
  // or a reason for each kana word whose kanji form is one kanji).
  '家:うち', // 家 is いえ, や; うち is written in kana or 内
  '為:ため', // 為 is イ (行為); ため is written in kana
  '略:ほぼ', // 略 is リャク; ほぼ is written in kana
  '皆:みんな', // the jōyō reading is みな (皆さん); みんな is written in kana
  '唯:ただ', // 唯 is ユイ (唯一); ただ is written in kana
  '瓦:ぐらむ', // ateji for "gram"; 瓦 is かわら
  '尚:なお', // 尚 is ショウ; なお is written in kana
  '毎:ごと', // 毎 is マイ; ごと (日ごと) is written in kana
  '後:のち', // jōyō, but its words (後ほど, 後々) are not in the list, and のち alone is written in kana (晴れのち曇り)
  // Issue 29 item 3, second pass: jōyō readings whose words the course teaches in another spelling, but whose kanji
  // spelling is rare in modern text (the other candidates of that pass are in EVERYDAY_READINGS).
  '河:かわ', // rivers are written 川, even great ones (ナイル川); 河 is met as カ (運河, 河川) and in 河原, read as a whole
  '殖:ふ.える', // modern writing uses 増える for breeding too (細菌が増える); 殖 is met as ショク (繁殖, 養殖)
  // Issue 29, the frequency additions: 北京 came in (n3/part-h.ts), and with it 京 キン. The jōyō table gives 京 only
  // キョウ and ケイ; 北京 ペキン is a Chinese reading of the whole name.
  '京:キン',
]);

/**
 * Everyday readings that the course's words carry only in another spelling (のど is taught in kana, 喉 is its kanji;
 * 聞く's dictionary entry also writes 聴く) or through one Vocab III word (小舟 for 舟 ふね): isCommon alone would
 * leave them out, while a rarer reading of the same kanji is taught (喉 had only コウ, through 咽喉). Each counts as
 * common; the card shows its word in this kanji's spelling, with a sentence of its own (`reading:<spelling>|<reading>`
 * in authored/sentences-kanji-readings-29.ts) when that spelling is not the word's taught one. Issue 29, item 3.
 */
export const EVERYDAY_READINGS: ReadonlySet<string> = new Set([
  // Kanji I
  '他:ほか', // 他 ほか "other": the dictionary writes the word 外 and 他
  '街:まち', // 街角 (町角): 街 まち is a street, a shopping district
  '造:つく.る', // 造る, building and brewing (作る's entry)
  '易:やさ.しい', // 易しい "easy", taught in kana
  '全:すべ.て', // 全て "all", taught in kana
  // Kanji II
  '喉:のど',
  '猿:さる',
  '舟:ふね', // 小舟
  '鯨:くじら',
  '既:すで.に',
  '捜:さが.す', // 捜す, searching for someone lost (探す's entry)
  '闘:たたか.う', // 闘う, a struggle (戦う's entry)
  '聴:き.く', // 聴く, listening to music (聞く's entry)
  // Kana words whose kanji is the kanji on its own (the build asks for these): the card shows the kanji.
  '雄:おす',
  '雌:めす',
  '綿:わた',
  '要:かなめ',
  '蛍:ほたる',
  // Second pass (issue 29 item 3): Vocab I–II words that write a jōyō reading only in another spelling. Each card's
  // sentence (authored/sentences-kanji-readings-29b.ts) shows what the kanji spelling means beside the taught one.
  // Kanji I
  '下:お.りる', // 階段を下りる, going down on foot (降りる gets off a vehicle)
  '交:ま.ぜる', // mixing things that stay distinct (赤と白の花を交ぜる); 混ぜる blends into one
  '計:はか.る', // 時間を計る: time and number
  '量:はか.る', // 重さを量る: weight and volume (測る is length, height, temperature)
  '有:あ.る', // ある is mostly kana, but 有 あ is met in 有り得る and 有り難い: a card with a note
  '在:あ.る', // likewise: 在る (being somewhere) is met in 在り方 "how something is or should be"
  '無:な.い', // ない is mostly kana, yet 無くす, 無くなる and 無い are common in ordinary writing (the card shows 無くす)
  '着:つ.ける', // 身に着ける, マスクを着ける: putting on what one wears
  '絶:た.つ', // 連絡を絶つ: ending a connection (断つ cuts off, 酒を断つ)
  '創:つく.る', // 未来を創る: creating something new, in names and slogans (作る elsewhere)
  // Kanji II
  '懸:か.かる', // 優勝が懸かる: to be at stake
  '併:あわ.せる', // joining two things into one (二つの町を併せる), 併せて "in addition" in formal writing
  '堅:かた.い', // 口が堅い, 堅い木: solid, reliable (硬い is hard like stone, 固い firm)
  '脚:あし', // 机の脚, the legs of furniture and the leg from hip to ankle
  '軟:やわ.らか', // 軟らかい: soft as against hard (軟らかい土); 柔らかい is supple, gentle
  '臭:にお.う', // smelling bad (ごみが臭う); a pleasant smell is 匂う
  '搾:しぼ.る', // squeezing out juice or milk (レモンを搾る); wringing a towel is 絞る
  '致:いた.す', // 私が致します: the humble "do" as a main verb, in letters and announcements
  '更:さら', // 更に "further, moreover", as often in kanji as in kana
  // Third pass (issue 29, the frequency additions moved the last Vocab II words into Vocab III, where one word alone
  // no longer makes a reading common): 問屋 とんや "wholesaler" and 母音 ぼいん "vowel" (子音 "consonant") are everyday words.
  '問:とん',
  '音:イン',
]);

/**
 * Words that are never a kanji card's example word: a reading they carry is taught with another of its words. 二宮
 * にぐう (the two Ise shrines) reads as the surname Ninomiya to most people, so 宮 グウ is taught with 神宮.
 */
export const EXCLUDED_EXAMPLE_WORDS: ReadonlySet<string> = new Set(['二宮|にぐう']);
