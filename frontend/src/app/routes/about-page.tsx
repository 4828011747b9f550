// /about: what Kioku is, and the credits the content's licences ask for (DESIGN §5; the source of truth is
// backend/content/SOURCES.md). Shown signed in (learner shell) and signed out (public frame). Plain text and
// anchors only.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';

export const EDRDG_URL = 'https://www.edrdg.org/';
export const EDRDG_LICENCE_URL = 'https://www.edrdg.org/edrdg/licence.html';
export const CC_BY_SA_URL = 'https://creativecommons.org/licenses/by-sa/3.0/';
export const KANJIVG_URL = 'https://kanjivg.tagaini.net';
export const KANJIUM_URL = 'https://github.com/mifunetoshiro/kanjium';
export const CC_BY_SA_4_URL = 'https://creativecommons.org/licenses/by-sa/4.0/';
export const BSD3_URL = 'https://opensource.org/license/bsd-3-clause';
export const MPL_URL = 'https://www.mozilla.org/en-US/MPL/2.0/';
export const KANJI_PKG_URL = 'https://github.com/echamudi/japanese-toolkit';
export const OPEN_JTALK_URL = 'https://open-jtalk.sourceforge.net/';
export const CC_BY_URL = 'https://creativecommons.org/licenses/by/3.0/';

interface Credit {
  name: string;
  what: string;
  licence: string;
  licenceUrl?: string;
  licenceNote?: string;
  url?: string;
}

const TOOLS: Credit[] = [
  {
    name: 'kuromoji with the IPADIC dictionary',
    what: 'drafted the furigana readings and word boundaries of the example sentences, checked by hand',
    licence: 'Apache License 2.0',
    licenceNote: 'IPADIC under its own permissive licence',
    licenceUrl: 'https://www.apache.org/licenses/LICENSE-2.0',
    url: 'https://github.com/takuyaa/kuromoji.js',
  },
  {
    name: 'WanaKana',
    what: 'converts between kana and romaji while the content is built',
    licence: 'MIT License',
    licenceUrl: 'https://opensource.org/license/mit',
    url: 'https://github.com/WaniKani/WanaKana',
  },
  {
    name: 'eSpeak NG',
    what: 'synthesises the audio where Open JTalk is not installed',
    licence: 'GNU GPL v3 or later',
    licenceNote: 'covers the program, not the sound it produces',
    licenceUrl: 'https://www.gnu.org/licenses/gpl-3.0.html',
    url: 'https://github.com/espeak-ng/espeak-ng',
  },
];

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function AboutPage() {
  useDocumentTitle('About and credits');
  return (
    <article className="about prose">
      <h1>About Kioku</h1>
      <p className="lead">
        Kioku (<span lang="ja">記憶</span>, “memory”) is a spaced-repetition flashcard app for learning Japanese: hiragana and katakana, the 2,136 jōyō kanji and 10,000
        words, with example sentences shown with furigana.
      </p>
      <p>
        You learn 10 new cards at a time and say how well you knew each one; reviews then bring every card back just before you would forget it, less and less often as it
        sticks. Level 1 of every course is free; a subscription opens levels 2–9 and the whole dictionary.
      </p>

      <section aria-labelledby="credits-heading">
        <h2 id="credits-heading">Credits</h2>

        <h3>Dictionary data: KANJIDIC2 and EDICT</h3>
        <blockquote className="attribution">
          <p>
            This app uses the EDICT and KANJIDIC2 dictionary files. These files are the property of the{' '}
            <ExternalLink href={EDRDG_URL}>Electronic Dictionary Research and Development Group</ExternalLink>, and are used in conformance with the Group&apos;s{' '}
            <ExternalLink href={EDRDG_LICENCE_URL}>licence</ExternalLink>.
          </p>
        </blockquote>
        <p>
          Licence: <ExternalLink href={CC_BY_SA_URL}>Creative Commons Attribution-ShareAlike 3.0 (CC BY-SA 3.0)</ExternalLink>. The kanji, readings and vocabulary in Kioku
          are adapted from these files (kanji, stroke counts, school grades, on and kun readings and English meanings from KANJIDIC2; common words and their English glosses
          from EDICT) and are shared under the same licence, as are the dictionary meanings in the sentence breakdowns.
        </p>
        <p className="muted small">
          Versions used: KANJIDIC2 database 2022-235 (created 2022-08-23, Debian package kanjidic-xml 2022.08.23); EDICT of 2021-02-03 (Debian package edict
          2021.02.03-1).
        </p>

        <h3>Stroke order and kanji components: KanjiVG</h3>
        <blockquote className="attribution">
          <p>
            Stroke order and kanji components from <ExternalLink href={KANJIVG_URL}>KanjiVG</ExternalLink> by Ulrich Apel and contributors, used under{' '}
            <ExternalLink href={CC_BY_SA_URL}>CC BY-SA 3.0</ExternalLink>.
          </p>
        </blockquote>
        <p>The stroke paths and component lists in Kioku are adapted from KanjiVG and shared under the same licence.</p>

        <h3>Pitch accents: Kanjium</h3>
        <blockquote className="attribution">
          <p>
            The pitch accent notation was provided by Uros O. through his free database <ExternalLink href={KANJIUM_URL}>Kanjium</ExternalLink>, licensed under{' '}
            <ExternalLink href={CC_BY_SA_4_URL}>CC BY-SA 4.0</ExternalLink>.
          </p>
        </blockquote>
        <p>Kioku's table of accents (pitch.tsv) is derived from Kanjium's and shared under the same licence.</p>

        <h3>Pitch accents: NAIST-jdic</h3>
        <p>
          Where Kanjium does not list a word, its pitch accent comes from the NAIST Japanese Dictionary as Open JTalk ships it (Debian package open-jtalk-mecab-naist-jdic). Copyright © 2009 Nara
          Institute of Science and Technology; © 2008–2013 Nagoya Institute of Technology; includes UniDic-CSJ data © 2011–2017 The UniDic Consortium. Licence:{' '}
          <ExternalLink href={BSD3_URL}>BSD 3-Clause</ExternalLink>.
        </p>

        <h3>Word frequency: UniDic</h3>
        <p>
          Words beyond the first thousand are ordered with a frequency score derived from UniDic (Debian package unidic-mecab), © 2011–2018 The UniDic Consortium, used under
          its <ExternalLink href={BSD3_URL}>BSD 3-Clause</ExternalLink> option. Only the derived score is used.
        </p>

        <h3>Kanji Kentei levels</h3>
        <p>
          The 漢検 level of each secondary-school kanji comes from the lists in the npm package <ExternalLink href={KANJI_PKG_URL}>kanji</ExternalLink> by Ezzat Chamudi,
          licence: <ExternalLink href={MPL_URL}>Mozilla Public License 2.0</ExternalLink>.
        </p>

        <h3>Written for Kioku</h3>
        <p>
          The kana table (romaji, pronunciation hints and example words), the Vocab I word list and the N5 core list, the word-list corrections, core meanings and register
          notes, the English names of the 214 radicals, and the example sentences with their translations and contexts are original work for Kioku.
        </p>

        <h3>Audio</h3>
        <p>
          Some audio is synthetic: where no recorded voice exists yet, the kana, word or sentence is read by the Open JTalk speech synthesiser, which says every word as the
          card&apos;s furigana read it (where Open JTalk is not installed, eSpeak NG reads the kana pronunciation, robotic but right). Our editors can replace synthetic
          audio with a recorded voice.
        </p>

        <h3>Voice: Open JTalk and the HTS voice nitech-jp-atr503-m001</h3>
        <blockquote className="attribution">
          <p>
            Speech synthesised with <ExternalLink href={OPEN_JTALK_URL}>Open JTalk</ExternalLink> using the HTS voice “NIT ATR503 M001” version 1.05
            (nitech-jp-atr503-m001), © 2003–2012 Nagoya Institute of Technology, Department of Computer Science, and © 2003–2008 Tokyo Institute of Technology,
            Interdisciplinary Graduate School of Science and Engineering, licensed under <ExternalLink href={CC_BY_URL}>Creative Commons Attribution 3.0 (CC BY 3.0)</ExternalLink>.
          </p>
        </blockquote>
        <p>
          Open JTalk, © 2008–2016 Nagoya Institute of Technology, Department of Computer Science, and the NAIST Japanese Dictionary for Open JTalk it reads the text with,
          © 2009 Nara Institute of Science and Technology and © 2008–2013 Nagoya Institute of Technology, are used under the{' '}
          <ExternalLink href={BSD3_URL}>BSD 3-Clause</ExternalLink> licence (Debian packages open-jtalk, open-jtalk-mecab-naist-jdic and hts-voice-nitech-jp-atr503-m001).
        </p>

        <h3>Tools</h3>
        <ul className="credit-list">
          {TOOLS.map((tool) => (
            <li key={tool.name}>
              {tool.url ? <ExternalLink href={tool.url}>{tool.name}</ExternalLink> : tool.name} — {tool.what}. Licence:{' '}
              {tool.licenceUrl ? <ExternalLink href={tool.licenceUrl}>{tool.licence}</ExternalLink> : tool.licence}
              {tool.licenceNote ? ` (${tool.licenceNote})` : ''}.
            </li>
          ))}
        </ul>
      </section>

      <p>
        Questions or corrections? Write to <a href="mailto:help@kioku.app">help@kioku.app</a>. <Link to="/">Back to Kioku</Link>
      </p>
    </article>
  );
}
