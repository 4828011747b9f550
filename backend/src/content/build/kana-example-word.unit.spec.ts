import { kanaExampleWord } from './build-content';
import type { RankedVocab } from './vocab';

const word = (id: number, written: string, reading: string, definition: string) => ({ id, written, definition, candidate: { reading } }) as unknown as RankedVocab;

describe("a kana card's example word as a course word", () => {
  const words = [word(1, '麻', 'あさ', 'hemp; flax'), word(2, '朝', 'あさ', 'morning'), word(3, '橋', 'はし', 'bridge'), word(4, '色', 'いろ', 'color; hue'), word(5, '私', 'わたし', 'I; me')];

  it('is the word of the same reading whose meaning shares a content word with the gloss', () => {
    expect(kanaExampleWord({ vocab_reading: 'あさ', vocab_definition: 'morning' }, words)?.id).toBe(2);
    expect(kanaExampleWord({ vocab_reading: 'いろ', vocab_definition: 'colour' }, words)?.id).toBe(4); // British spelling
    expect(kanaExampleWord({ vocab_reading: 'わたし', vocab_definition: 'I, me' }, words)?.id).toBe(5);
  });

  it('is none when the course word of that reading means something else (はし "chopsticks" is not 橋)', () => {
    expect(kanaExampleWord({ vocab_reading: 'はし', vocab_definition: 'chopsticks' }, words)).toBeUndefined();
    expect(kanaExampleWord({ vocab_reading: 'ココア', vocab_definition: 'cocoa' }, words)).toBeUndefined();
  });
});
