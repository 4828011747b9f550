/**
 * Words the frequency search brought in (issue 29, item 2; ../n3/part-h.ts) whose first EDICT gloss is not the
 * everyday sense, or is too narrow or too technical for the card: 実施 is "carrying out (a plan)", not
 * "enforcement"; 始発 is the first train of the day; 相槌 needs saying what it is.
 */
export const MEANINGS_FREQUENCY_ADDITIONS: Readonly<Record<string, string>> = {
  '実施|じっし': 'carrying out; holding (a test, survey or event); implementation',
  '皮肉|ひにく': 'sarcasm; irony; a cutting remark',
  '視線|しせん': "gaze; (someone's) eyes; line of sight",
  '天国|てんごく': 'heaven; paradise',
  '居心地|いごこち': 'how comfortable a place feels (居心地がいい: cosy, comfortable to be in)',
  '定番|ていばん': 'classic; staple; standard item (the usual choice)',
  '始発|しはつ': 'first train (or bus) of the day; starting station',
  '一般的|いっぱんてき': 'general; common; typical',
  '時間帯|じかんたい': 'time of day; time slot',
  '小豆|あずき': 'adzuki bean; red bean',
  '徹底|てってい': 'thoroughness; doing something thoroughly (徹底する)',
  '躊躇|ちゅうちょ': 'hesitation (躊躇する: to hesitate)',
  '些細|ささい': 'trivial; slight; minor',
  '相槌|あいづち': 'back-channel responses (はい, ええ, うん …) that show one is listening',
  '時代劇|じだいげき': 'period drama (a film or TV series set in the samurai era)',
  '美容師|びようし': 'hairdresser; beautician',
  '頑丈|がんじょう': 'sturdy; solid; robust',
  '几帳面|きちょうめん': 'meticulous; methodical; punctual',
  '図鑑|ずかん': 'illustrated reference book (of animals, plants, insects …)',
  '皮膚科|ひふか': "dermatology; a dermatologist's clinic",
  '外見|がいけん': 'outward appearance; looks',
  '温暖化|おんだんか': 'global warming; warming',
  'シャーペン|しゃーぺん': 'mechanical pencil (short for シャープペンシル)',
  'ドンマイ|どんまい': "never mind; don't worry (to someone who made a mistake)",
  '段ボール|だんぼーる': 'corrugated cardboard; cardboard box',
};
