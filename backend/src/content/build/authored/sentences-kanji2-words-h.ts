import type { AuthoredSentence } from '../sentences';
import { r, v } from './sentences-vocab1';

/**
 * The last 27 Kanji II cards (issue 17). Most kanji here are written in everyday words that the list teaches in
 * kana or under another spelling (うらやましい, 恐れ, 個所): the card shows the word in its kanji spelling and has
 * its own sentence, written with that spelling. The rest are the words kanji-cover-words.ts brought in (脊椎, 朕 …).
 */
export const KANJI2_WORD_SENTENCES_H: readonly AuthoredSentence[] = [
  // Cards that write their word in another spelling.
  r('叱る', 'しかる', '宿題を忘れて、先生に叱られました。', 'I forgot my homework and got told off by the teacher.', { target: '叱ら' }),
  r('羨ましい', 'うらやましい', '毎日海が見えるなんて、羨ましいです。', 'You can see the sea every day? I envy you.'),
  r('餅', 'もち', 'お正月に家族で餅を焼いて食べました。', 'At New Year my family toasted rice cakes and ate them.'),
  r('煎餅', 'せんべい', '祖母はお茶と一緒に煎餅を食べるのが好きです。', 'My grandmother likes eating rice crackers with her tea.'),
  r('籠', 'かご', '自転車の籠に買い物袋を入れました。', 'I put the shopping bag in my bicycle basket.'),
  r('僅か', 'わずか', '駅までは僅か五分です。', 'It is only five minutes to the station.', { readings: { 五分: 'ごふん' } }),
  r('又', 'また', 'いつか又、この町に来たいです。', 'I would like to come to this town again someday.', {
    context: 'また is usually written in kana; 又 is met in formal writing, letters and names.',
  }),
  r('捉える', 'とらえる', 'この写真は子供たちの笑顔をよく捉えています。', 'This photo captures the children\'s smiles well.', { target: '捉え' }),
  r('麓', 'ふもと', '山の麓に小さな村があります。', 'There is a small village at the foot of the mountain.'),
  r('但し', 'ただし', '入場は無料です。但し、予約が必要です。', 'Admission is free. However, you need to book.', {
    context: 'Written and formal (notices, rules); often in kana.',
  }),
  r('且つ', 'かつ', 'この料理は簡単で、且つ安く作れます。', 'This dish is simple and, what is more, cheap to make.', { meanings: { 作れます: 'can make (作る, potential, polite)' }, context: 'Written, formal “and also”.' }),
  r('虞', 'おそれ', '大雨で川の水があふれる虞があります。', 'With the heavy rain, there is a risk of the river overflowing.', {
    context: '虞 (“risk that …”) is the spelling of laws and official warnings; elsewhere おそれ or 恐れ.',
  }),
  r('遡る', 'さかのぼる', 'サケは生まれた川を遡ります。', 'Salmon swim up the river where they were born.', { target: '遡り' }),
  r('箇所', 'かしょ', '答えが間違っている箇所に線を引いてください。', 'Please draw a line under the places where the answer is wrong.'),
  r('遵守', 'じゅんしゅ', '社員は会社の規則を遵守しなければなりません。', 'Employees must observe the company\'s rules.', {
    context: 'Formal (rules, laws, contracts); also written 順守.',
  }),
  r('禁錮', 'きんこ', '昔の法律には、禁錮という刑がありました。', 'The old law had a penalty called kinko, imprisonment without labour.', {
    context: 'A legal term: in 2025 禁錮 and 懲役 became one penalty, 拘禁刑; also written 禁固.',
  }),
  // Words kanji-cover-words.ts brought in for kanji that no common word teaches.
  v('脊椎|せきつい', '事故で脊椎を痛めて、長く入院しました。', 'He injured his spine in an accident and was in hospital for a long time.', {
    context: 'A medical word; in everyday speech, 背骨.',
  }),
  v('藍色|あいいろ', '祖母は藍色の着物を着ていました。', 'My grandmother was wearing an indigo kimono.'),
  v('斑点|はんてん', 'この葉には白い斑点があります。', 'This leaf has white spots.'),
  v('愛玩|あいがん', '犬や猫などの愛玩動物を飼う人が増えています。', 'More and more people keep pets such as dogs and cats.', {
    context: 'Written; in speech, ペット.',
  }),
  v('畏敬|いけい', '人々は昔から富士山に畏敬の念を抱いてきました。', 'People have long held Mount Fuji in awe.', {
    target: '畏敬',
    readings: { 抱い: 'いだい' },
    meanings: { 抱いてきました: 'to harbour (a feeling) (polite, past, has been …ing)' },
    context: 'Written; 畏敬の念 is the set phrase.',
  }),
  v('苛酷|かこく', '工場の労働条件は苛酷でした。', 'Working conditions at the factory were harsh.', { context: 'Also written 過酷.' }),
  v('朕|ちん', '昔の天皇は、自分のことを「朕」と言いました。', 'Emperors of the past called themselves "chin" (We).', { meanings: { と: 'as (quoting)' } }),
  v('淫ら|みだら', 'その小説は淫らだとして、発売が禁止されました。', 'The novel was banned from sale as obscene.', { meanings: { と: 'that (quoting)' } }),
  v('充填|じゅうてん', 'このプリンターのインクは自分で充填できます。', 'You can refill this printer\'s ink yourself.', { context: 'Also written 充塡, the jōyō shape.' }),
];
