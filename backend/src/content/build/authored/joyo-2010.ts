/**
 * The 196 kanji added to the jōyō list in 2010 (改定常用漢字表, Cabinet notice of 30 November 2010), in the
 * table's order. Eleven of them are prefecture names that became fourth-grade kanji in 2020 (茨 媛 岡 埼 鹿 栃 奈
 * 梨 阪 阜 熊); the other 185 are secondary-school kanji, and all 185 are Kanji Kentei 2級.
 *
 * Why they need a hand: before 2010 newspapers wrote these words in kana (だれ, ころ, あいさつ), so KANJIDIC2's
 * newspaper frequency ranks them low or not at all, and Kanji II, ordered by that rank, put 誰 頃 俺 箸 挨拶 喉 貼
 * in its last levels although a learner meets them in the first conversations.
 */
export const JOYO_2010_ADDITIONS =
  '挨曖宛嵐畏萎椅彙茨咽淫唄鬱怨媛艶旺岡臆俺苛牙瓦楷潰諧崖蓋骸柿顎葛釜鎌韓玩伎亀毀畿臼嗅巾僅錦惧串窟熊詣憬稽隙桁拳鍵舷股虎錮勾梗喉乞傲駒頃痕沙挫采塞埼柵刹拶斬恣摯餌鹿𠮟嫉腫呪袖羞蹴憧拭尻芯腎須裾凄醒脊戚煎羨腺詮箋膳狙遡曽爽痩踪捉遜汰唾堆戴誰旦綻緻酎貼嘲捗椎爪鶴諦溺塡妬賭藤瞳栃頓貪丼那奈梨謎鍋匂虹捻罵剝箸氾汎阪斑眉膝肘阜訃蔽餅璧蔑哺蜂貌頰睦勃昧枕蜜冥麺冶弥闇喩湧妖瘍沃拉辣藍璃慄侶瞭瑠呂賂弄籠麓脇';

/**
 * Everyday 2010 kanji, in the order Kanji II teaches them: words of daily conversation that are written in kanji
 * today (誰 だれ, この頃, 俺, 箸, 挨拶, 椅子, 喉, 貼る, 鍵, 匂い, 枕, 鍋, 膝, 爪, 麺, 嵐, 虹, 謎, 叱る, 諦める,
 * 拭く, 眉, 肘, 頰, 牛丼, 蹴る, 嗅ぐ, 羨ましい, 憧れる). They are spread evenly over Kanji II levels 2–3.
 */
export const EVERYDAY_2010 = '誰頃俺箸挨拶椅喉貼鍵匂枕鍋膝爪麺嵐虹謎𠮟諦拭眉肘頰丼蹴嗅羨憧';

/**
 * Common 2010 kanji of everyday reading: food, animals, the body, feelings, and words of daily life (餅, 柿, 亀, 蜂,
 * 袖, 尻, 瞳, 曖昧, 頂戴, 宛先, 必須, 僅か, 元旦 …). They are spread evenly over Kanji II levels 4–6.
 */
export const COMMON_2010 = '餅柿亀蜂袖尻瞳脇顎股湧煎串蜜芯蓋籠瓦酎曖昧妬賭溺呪闇鶴虎牙唾腫痩捻捗剝爽鬱塞凄戴宛須僅旦崖巾';
