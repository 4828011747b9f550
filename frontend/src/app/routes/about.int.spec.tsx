import { screen, within } from '@testing-library/react';
import { mockFetch, problem } from '../../test/fetch-mock';
import { profileFixture } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { BSD3_URL, CC_BY_SA_URL, CC_BY_URL, EDRDG_LICENCE_URL, EDRDG_URL, CC_BY_SA_4_URL, KANJIUM_URL, KANJIVG_URL, MPL_URL, OPEN_JTALK_URL } from './about-page';

const signedOut = () => mockFetch({ 'GET /api/users/profile': problem(401, 'Please sign in.', 'unauthorized') });

describe('/about (DESIGN §5 credits)', () => {
  it('says what Kioku is and credits EDRDG with the licence names and links', async () => {
    signedOut();
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Kioku' })).toBeInTheDocument();
    expect(screen.getByText(/spaced-repetition flashcard app for learning Japanese/)).toBeInTheDocument();
    expect(document.title).toBe('About and credits · Kioku');

    const credits = screen.getByRole('region', { name: 'Credits' });
    expect(within(credits).getByRole('heading', { name: /KANJIDIC2 and EDICT/ })).toBeInTheDocument();
    expect(within(credits).getByText(/This app uses the EDICT and KANJIDIC2 dictionary files/)).toBeInTheDocument();
    expect(within(credits).getByRole('link', { name: 'Electronic Dictionary Research and Development Group' })).toHaveAttribute('href', EDRDG_URL);
    expect(within(credits).getByRole('link', { name: 'licence' })).toHaveAttribute('href', EDRDG_LICENCE_URL);
    for (const link of within(credits).getAllByRole('link', { name: /CC BY-SA 3\.0/ })) expect(link).toHaveAttribute('href', CC_BY_SA_URL);
    // The tools behind the content, with their licences.
    expect(within(credits).getByRole('link', { name: /kuromoji/ })).toBeInTheDocument();
    expect(within(credits).getByRole('link', { name: 'Apache License 2.0' })).toBeInTheDocument();
    expect(within(credits).getByRole('link', { name: 'MIT License' })).toBeInTheDocument();
  });

  it('credits KanjiVG, Kanjium, NAIST-jdic, UniDic and the Kanken lists with their licences', async () => {
    signedOut();
    renderApp('/about');
    const credits = await screen.findByRole('region', { name: 'Credits' });
    expect(within(credits).getByRole('link', { name: 'KanjiVG' })).toHaveAttribute('href', KANJIVG_URL);
    expect(within(credits).getByText(/Stroke order and kanji components from/)).toBeInTheDocument();
    expect(within(credits).getByRole('heading', { name: /NAIST-jdic/ })).toBeInTheDocument();
    expect(within(credits).getByRole('link', { name: 'Kanjium' })).toHaveAttribute('href', KANJIUM_URL);
    expect(within(credits).getByRole('link', { name: 'CC BY-SA 4.0' })).toHaveAttribute('href', CC_BY_SA_4_URL);
    expect(within(credits).getByRole('heading', { name: /UniDic/ })).toBeInTheDocument();
    expect(within(credits).getAllByRole('link', { name: 'BSD 3-Clause' })).toHaveLength(3); // NAIST-jdic, UniDic, Open JTalk
    expect(within(credits).getByRole('link', { name: 'Mozilla Public License 2.0' })).toHaveAttribute('href', MPL_URL);
  });

  it('explains the synthetic audio (Open JTalk, eSpeak NG where it is missing)', async () => {
    signedOut();
    renderApp('/about');
    const audio = await screen.findByRole('heading', { name: 'Audio' });
    expect(audio.nextElementSibling).toHaveTextContent(/synthetic.*Open JTalk.*furigana.*eSpeak NG/);
    expect(screen.getByRole('link', { name: 'eSpeak NG' })).toHaveAttribute('href', 'https://github.com/espeak-ng/espeak-ng');
  });

  it('credits Open JTalk, its NAIST-jdic and the HTS voice nitech-jp-atr503-m001 with their licences', async () => {
    signedOut();
    renderApp('/about');
    const credits = await screen.findByRole('region', { name: 'Credits' });
    const heading = within(credits).getByRole('heading', { name: 'Voice: Open JTalk and the HTS voice nitech-jp-atr503-m001' });
    const attribution = heading.nextElementSibling as HTMLElement;
    expect(attribution).toHaveTextContent(/HTS voice “NIT ATR503 M001” version 1\.05 \(nitech-jp-atr503-m001\), © 2003–2012 Nagoya Institute of Technology/);
    expect(within(attribution).getByRole('link', { name: 'Open JTalk' })).toHaveAttribute('href', OPEN_JTALK_URL);
    expect(within(attribution).getByRole('link', { name: /CC BY 3\.0/ })).toHaveAttribute('href', CC_BY_URL);
    const licence = attribution.nextElementSibling as HTMLElement;
    expect(licence).toHaveTextContent(/Open JTalk, © 2008–2016 Nagoya Institute of Technology.*NAIST Japanese Dictionary for Open JTalk/);
    expect(within(licence).getByRole('link', { name: 'BSD 3-Clause' })).toHaveAttribute('href', BSD3_URL);
  });

  it('is open to signed-out visitors (public bar) and reachable from the landing page', async () => {
    signedOut();
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /Remember Japanese/ });
    await user.click(screen.getByRole('link', { name: 'Credits and licences' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Kioku' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('is linked from the footer inside the learner shell', async () => {
    mockFetch({ 'GET /api/users/profile': { body: profileFixture() } });
    const { user } = renderApp('/');
    await screen.findByRole('heading', { name: 'Your courses' });
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'About and credits' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Kioku' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('links out over https without sending a referrer', async () => {
    signedOut();
    const { container } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Kioku' });
    for (const link of container.querySelectorAll('a[href^="http"]')) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });
});
