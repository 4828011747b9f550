import type { KanjiEntry } from '../catalogue/content.schemas';

/**
 * Short English names of the 214 classical (Kangxi) radicals, by number. They are the usual meanings a kanji
 * dictionary gives; where a radical takes another shape on the side of a kanji, that shape follows in brackets
 * (海's water radical is written 氵).
 */
export const RADICAL_NAMES: readonly string[] = [
  'one', 'line', 'dot', 'slash', 'second', 'hook', 'two', 'lid', 'person (亻)', 'legs',
  'enter', 'eight', 'upside-down box', 'cover', 'ice', 'table', 'open box', 'knife (刂)', 'power', 'wrap',
  'spoon', 'box', 'hiding enclosure', 'ten', 'divination', 'seal', 'cliff', 'private', 'again', 'mouth',
  'enclosure', 'earth', 'scholar', 'winter', 'go slowly', 'evening', 'big', 'woman', 'child', 'roof',
  'inch', 'small', 'lame', 'corpse', 'sprout', 'mountain', 'river', 'work', 'oneself', 'cloth',
  'dry', 'short thread', 'dotted cliff', 'long stride', 'two hands', 'shoot', 'bow', 'snout', 'bristle', 'step',
  'heart (忄)', 'halberd', 'door', 'hand (扌)', 'branch', 'strike (攵)', 'script', 'dipper', 'axe', 'square',
  'not', 'sun', 'say', 'moon', 'tree', 'yawn', 'stop', 'death', 'weapon', 'do not',
  'compare', 'fur', 'clan', 'steam', 'water (氵)', 'fire (灬)', 'claw', 'father', 'mix', 'split wood',
  'slice', 'fang', 'cow', 'dog (犭)', 'profound', 'jade (王)', 'melon', 'tile', 'sweet', 'life',
  'use', 'field', 'bolt of cloth', 'sickness', 'footsteps', 'white', 'skin', 'dish', 'eye', 'spear',
  'arrow', 'stone', 'altar (礻)', 'track', 'grain', 'cave', 'stand', 'bamboo', 'rice', 'thread',
  'jar', 'net (罒)', 'sheep', 'feather', 'old', 'and', 'plough', 'ear', 'brush', 'meat (⺼)',
  'minister', 'self', 'arrive', 'mortar', 'tongue', 'oppose', 'boat', 'stopping', 'colour', 'grass (艹)',
  'tiger', 'insect', 'blood', 'go', 'clothes (衤)', 'west', 'see', 'horn', 'speech', 'valley',
  'bean', 'pig', 'badger', 'shell', 'red', 'run', 'foot', 'body', 'cart', 'bitter',
  'morning', 'walk (辶)', 'town (阝 on the right)', 'wine jar', 'distinguish', 'village', 'gold', 'long', 'gate', 'hill (阝 on the left)',
  'reach', 'old bird', 'rain', 'blue', 'wrong', 'face', 'leather', 'tanned leather', 'leek', 'sound',
  'head', 'wind', 'fly', 'eat', 'neck', 'fragrant', 'horse', 'bone', 'tall', 'hair',
  'fight', 'sacrificial wine', 'cauldron', 'ghost', 'fish', 'bird', 'salt', 'deer', 'wheat', 'hemp',
  'yellow', 'millet', 'black', 'embroidery', 'frog', 'tripod', 'drum', 'rat', 'nose', 'even',
  'tooth', 'dragon', 'turtle', 'flute',
];

/**
 * The Kangxi Radicals block (U+2F00–U+2FD5) holds radical n at U+2F00 + n − 1; NFKC turns it into the CJK
 * ideograph. For nine radicals that ideograph is the traditional shape, which Japanese does not write: the
 * jōyō shape is shown instead (青 not 靑).
 */
const JAPANESE_SHAPE: Readonly<Record<number, string>> = { 63: '戸', 174: '青', 199: '麦', 201: '黄', 203: '黒', 210: '斉', 211: '歯', 212: '竜', 213: '亀' };

export function radicalCharacter(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 214) throw new RangeError(`Radical numbers are 1–214, got ${n}`);
  return JAPANESE_SHAPE[n] ?? String.fromCodePoint(0x2f00 + n - 1).normalize('NFKC');
}

export function radicalOf(n: number): NonNullable<KanjiEntry['radical']> {
  return { number: n, character: radicalCharacter(n), name: RADICAL_NAMES[n - 1] };
}
