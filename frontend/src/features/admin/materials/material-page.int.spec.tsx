import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, problem, type MockRoute } from '../../../test/fetch-mock';
import { profileFixture } from '../../../test/fixtures';
import { readingDetail, renderAdmin, vocabDetail } from '../shell/admin-test-utils';

const admin = { 'GET /api/users/profile': { body: profileFixture({ is_admin: true, email: 'curator@example.com' }) }, 'GET /api/auth/csrf': { body: { token: 't' } } };

describe('reading editor (SPEC §5)', () => {
  it('keeps image description and sentence context disabled until a vocab id is set, and warns when the vocab is in use', async () => {
    const detail = readingDetail({
      vocab_id_options: [
        { id: 5, vocab: '毎日', vocab_hiragana: 'まいにち', vocab_meaning: 'every day', reading_ids: [12, 30, 31] },
        { id: 6, vocab: '日曜日', vocab_hiragana: 'にちようび', vocab_meaning: 'Sunday', reading_ids: [] },
      ],
    });
    mockFetch({ ...admin, 'GET /api/admin/materials/12': { body: detail } });
    const { user } = renderAdmin('/admin/readings/12');

    const description = await screen.findByRole('textbox', { name: 'Image description' });
    const context = screen.getByRole('textbox', { name: 'Sentence context' });
    expect(description).toBeDisabled();
    expect(context).toBeDisabled();
    expect(screen.getAllByText('Set a vocab id first.')).toHaveLength(2);
    expect(screen.queryByText('This vocab is already in use.')).not.toBeInTheDocument();

    const select = screen.getByRole('combobox', { name: 'Vocab id' });
    await user.selectOptions(select, '5');
    expect(description).toBeEnabled();
    expect(context).toBeEnabled();
    const warning = screen.getByText('This vocab is already in use.').closest('.notice') as HTMLElement;
    expect(within(warning).getByRole('link', { name: 'Reading 30' })).toHaveAttribute('href', '/admin/readings/30');
    expect(within(warning).getByRole('link', { name: 'Reading 31' })).toHaveAttribute('href', '/admin/readings/31');
    // The reading being edited is not "another reading".
    expect(within(warning).queryByRole('link', { name: 'Reading 12' })).not.toBeInTheDocument();

    await user.selectOptions(select, '6');
    expect(screen.queryByText('This vocab is already in use.')).not.toBeInTheDocument();
    await user.selectOptions(select, '');
    expect(description).toBeDisabled();
  });

  it('shows the server-reported readings that share the saved vocab, and saves vocab id and grade with the version', async () => {
    const detail = readingDetail({ vocab_id: 5, same_vocab_reading_ids: [12, 40] }, { vocab_id: 5, vocab: '毎日' });
    const net = mockFetch({
      ...admin,
      'GET /api/admin/materials/12': { body: detail },
      'PATCH /api/admin/materials/12': (req) => {
        const body = req.body as { vocab_id: number };
        return { body: readingDetail({ vocab_id: body.vocab_id, grade: 'middle', same_vocab_reading_ids: [12, 77] }, { version: 4, vocab_id: body.vocab_id }) };
      },
    });
    const { user } = renderAdmin('/admin/readings/12');

    expect(await screen.findByText('This vocab is already in use.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reading 40' })).toHaveAttribute('href', '/admin/readings/40');
    expect(screen.getByRole('textbox', { name: 'Image description' })).toBeEnabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Vocab id' }), '6');
    expect(screen.getByText('Save to check whether other readings already use this vocab.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Grade' }), 'middle');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(net.requests('PATCH', '/api/admin/materials/12')).toHaveLength(1));
    const patch = net.requests('PATCH', '/api/admin/materials/12')[0];
    expect(patch.body).toEqual({ type: 'reading', version: 3, vocab_id: 6, grade: 'middle' });
    expect(patch.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('link', { name: 'Reading 77' })).toHaveAttribute('href', '/admin/readings/77');
    expect(screen.getByText('Saved.')).toBeInTheDocument();
  });
});

describe('stale edits (409)', () => {
  it('says someone else changed the material, keeps the typed text, and saves it on top of the reloaded version', async () => {
    let serverVersion = 3;
    const net = mockFetch({
      ...admin,
      'GET /api/admin/materials/7': () => ({ body: vocabDetail({}, { version: serverVersion, sentence_meaning: serverVersion === 3 ? 'I eat breakfast.' : 'I have breakfast.', vocab_hiragana: serverVersion === 3 ? 'あさ' : 'あさ。' }) }),
      'PATCH /api/admin/materials/7': (req) => {
        const body = req.body as { version: number; sentence_meaning: string };
        if (body.version !== serverVersion) return problem(409, 'The material changed since you loaded it.', 'conflict');
        serverVersion += 1;
        return { body: vocabDetail({}, { version: serverVersion, sentence_meaning: body.sentence_meaning }) };
      },
    });
    const { user } = renderAdmin('/admin/vocabs/7');

    const meaning = await screen.findByRole('textbox', { name: 'Sentence meaning' });
    serverVersion = 4; // another admin saved meanwhile
    await user.clear(meaning);
    await user.type(meaning, 'Every morning I eat breakfast.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this material. Reload to see their version.');
    expect(meaning).toHaveValue('Every morning I eat breakfast.');
    expect(net.requests('PATCH', '/api/admin/materials/7')[0].body).toEqual({ type: 'vocab', version: 3, sentence_meaning: 'Every morning I eat breakfast.' });

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    // Their change to another field shows; the admin's text stays.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Vocab reading (kana)' })).toHaveValue('あさ。'));
    expect(screen.getByRole('textbox', { name: 'Sentence meaning' })).toHaveValue('Every morning I eat breakfast.');
    expect(screen.queryByText(/Someone else changed/)).not.toBeInTheDocument();
    expect(screen.getByText(/Your unsaved edits are still here/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(net.requests('PATCH', '/api/admin/materials/7')).toHaveLength(2));
    expect(net.requests('PATCH', '/api/admin/materials/7')[1].body).toEqual({ type: 'vocab', version: 4, sentence_meaning: 'Every morning I eat breakfast.' });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });
});

describe('material page', () => {
  it('edits the text fields, previews audio, and walks the filtered list', async () => {
    const net = mockFetch({ ...admin, 'GET /api/admin/materials/7': { body: vocabDetail() } });
    renderAdmin('/admin/vocabs/7?filters=no_audio+no_image');
    expect(await screen.findByRole('heading', { name: /Vocab 7 · 朝/ })).toBeInTheDocument();
    for (const name of ['Vocab', 'Vocab reading (kana)', 'Vocab meaning', 'Sentence', 'Furigana', 'Sentence meaning', 'Sentence context', 'Image description', 'Image situation', 'Audio spec']) {
      expect(screen.getByRole('textbox', { name })).toBeEnabled();
    }
    expect(document.querySelector('audio[controls]')).toHaveAttribute('src', '/media/audio/vocab-7.mp3');
    expect(screen.getByRole('link', { name: '← Previous' })).toHaveAttribute('href', '/admin/vocabs/6?filters=no_audio+no_image');
    expect(screen.getByRole('link', { name: 'Next →' })).toHaveAttribute('href', '/admin/vocabs/8?filters=no_audio+no_image');
    const get = net.requests('GET', '/api/admin/materials/7')[0];
    expect(get.url.searchParams.get('type')).toBe('vocab');
    expect(get.url.searchParams.get('filters')).toBe('no_audio+no_image');
  });

  it('starts media jobs with an Idempotency-Key, shows each latest status and polls while one is pending', async () => {
    let jobs: Array<{ action: string; status: 'pending' | 'succeeded' | 'failed'; error: string | null; at: string }> = [
      { action: 'fetch_sentence', status: 'failed', error: 'No provider configured for fetch_sentence', at: '2024-05-01T10:00:00Z' },
      { action: 'fetch_audio', status: 'failed', error: 'espeak-ng crashed', at: '2024-05-01T09:00:00Z' },
    ];
    let polls = 0;
    const net = mockFetch({
      ...admin,
      'GET /api/admin/materials/7': () => {
        polls += 1;
        return { body: vocabDetail({ jobs }) };
      },
      'POST /api/admin/materials/7/actions': () => {
        jobs = [...jobs, { action: 'fetch_audio', status: 'pending', error: null, at: '2024-05-01T11:00:00Z' }];
        return { status: 202, body: { request_id: 'r1', requested: ['fetch_audio'] } };
      },
    });
    const { user } = renderAdmin('/admin/vocabs/7');

    const sentenceRow = (await screen.findByRole('button', { name: 'Fetch sentence' })).closest('li') as HTMLElement;
    expect(sentenceRow).toHaveTextContent('Failed');
    expect(sentenceRow).toHaveTextContent('No provider configured for fetch_sentence');

    await user.click(screen.getByRole('button', { name: 'Fetch audio' }));
    const post = net.requests('POST', '/api/admin/materials/7/actions')[0];
    expect(post.body).toEqual({ type: 'vocab', actions: { fetch_audio: true } });
    expect(post.headers['Idempotency-Key']).toBeTruthy();
    const audioRow = screen.getByRole('button', { name: 'Fetch audio' }).closest('li') as HTMLElement;
    await waitFor(() => expect(audioRow).toHaveTextContent('Pending'));

    const before = polls;
    await waitFor(() => expect(polls).toBeGreaterThan(before + 1));
    jobs = jobs.map((j) => (j.status === 'pending' ? { ...j, status: 'succeeded' as const } : j));
    await waitFor(() => expect(audioRow).toHaveTextContent('Succeeded'));
    const settled = polls;
    await new Promise((r) => setTimeout(r, 60));
    expect(polls).toBeLessThanOrEqual(settled + 1);
  });

  it('shows the problem detail when the queue is down (503)', async () => {
    mockFetch({
      ...admin,
      'GET /api/admin/materials/7': { body: vocabDetail() },
      'POST /api/admin/materials/7/actions': problem(503, 'The job queue is unavailable. Try again in a minute.', 'queue_unavailable'),
    });
    const { user } = renderAdmin('/admin/vocabs/7');
    await user.click(await screen.findByRole('button', { name: 'Fetch breakdown' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The job queue is unavailable. Try again in a minute.');
  });

  it('approves and unapproves audio through the actions endpoint', async () => {
    let approved = false;
    const net = mockFetch({
      ...admin,
      'GET /api/admin/materials/7': () => ({ body: vocabDetail({}, { is_audio_approved: approved, version: approved ? 4 : 3 }) }),
      'POST /api/admin/materials/7/actions': (req) => {
        approved = Boolean((req.body as { actions: Record<string, boolean> }).actions.approve_audio);
        return { status: 202, body: { request_id: 'r', requested: Object.keys((req.body as { actions: object }).actions) } };
      },
    });
    const { user } = renderAdmin('/admin/vocabs/7');
    await user.click(await screen.findByRole('button', { name: 'Approve audio' }));
    expect(await screen.findByRole('button', { name: 'Unapprove audio' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unapprove audio' }));
    expect(await screen.findByRole('button', { name: 'Approve audio' })).toBeInTheDocument();
    expect(net.requests('POST', '/api/admin/materials/7/actions').map((r) => r.body)).toEqual([
      { type: 'vocab', actions: { approve_audio: true } },
      { type: 'vocab', actions: { unapprove_audio: true } },
    ]);
  });
});

describe('the system voice', () => {
  it("plays the system's word and sentence clips, says learners hear them, and can unapprove them", async () => {
    let vetoed = false;
    const net = mockFetch({
      ...admin,
      'GET /api/admin/materials/7': () => ({
        body: vocabDetail({}, {
          audio_url: null,
          is_audio_approved: !vetoed,
          word_audio_url: '/media/word.ogg',
          sentence_audio_url: '/media/sentence.ogg',
          voice_spec: 'open-jtalk nitech-jp-atr503-m001',
          audio_vetoed: vetoed,
          version: vetoed ? 4 : 3,
        }),
      }),
      'POST /api/admin/materials/7/actions': (req) => {
        vetoed = Boolean((req.body as { actions: Record<string, boolean> }).actions.unapprove_audio);
        return { status: 202, body: { request_id: 'r', requested: Object.keys((req.body as { actions: object }).actions) } };
      },
    });
    const { user } = renderAdmin('/admin/vocabs/7');
    expect(await screen.findByLabelText('Word (system voice)')).toHaveAttribute('src', '/media/word.ogg');
    expect(screen.getByLabelText('Sentence (system voice)')).toHaveAttribute('src', '/media/sentence.ogg');
    expect(screen.getByText(/learners hear it until an approved audio of your own replaces it/)).toBeInTheDocument();
    expect(screen.queryByText('No audio yet.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unapprove audio' }));
    expect(await screen.findByText(/unapproved: learners hear no audio on this card/)).toBeInTheDocument();
    expect(net.requests('POST', '/api/admin/materials/7/actions').map((r) => r.body)).toEqual([{ type: 'vocab', actions: { unapprove_audio: true } }]);
  });
});

describe('image upload', () => {
  function uploadSetup(reply: MockRoute) {
    const net = mockFetch({ ...admin, 'GET /api/admin/materials/7': { body: vocabDetail() }, 'POST /api/admin/materials/7': reply });
    return { net, ...renderAdmin('/admin/vocabs/7') };
  }

  it('posts a multipart form with the patch override, the type, the version and the file', async () => {
    const { net, user } = uploadSetup({ body: vocabDetail({}, { version: 4, image_url: '/media/images/vocab-7.png' }) });
    const file = new File(['png-bytes'], 'breakfast.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Image file'), file);
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect(await screen.findByText('Image uploaded.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Material image' })).toHaveAttribute('src', '/media/images/vocab-7.png');

    const call = net.fn.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const init = call[1] as RequestInit;
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('_method')).toBe('patch');
    expect(form.get('type')).toBe('vocab');
    expect(form.get('version')).toBe('3');
    expect((form.get('image') as File).name).toBe('breakfast.png');
    const headers = init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBeTruthy();
    expect(headers['X-XSRF-TOKEN']).toBe('test-csrf-token');
    expect(headers['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
  });

  it.each([
    [413, 'The image is larger than the 5 MB limit.'],
    [400, 'The file is not a PNG, JPEG or WebP image.'],
  ])('shows the server problem detail on %i', async (status, detail) => {
    const { user } = uploadSetup(problem(status, detail, status === 413 ? 'payload_too_large' : 'validation_failed'));
    await user.upload(await screen.findByLabelText('Image file'), new File(['x'], 'big.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
  });

  it('explains a 413 that came without a problem document', async () => {
    const { user } = uploadSetup({ status: 413 });
    await user.upload(await screen.findByLabelText('Image file'), new File(['x'], 'big.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The image is too large to upload.');
  });
});

describe('audio upload (a recording for the card)', () => {
  function uploadSetup(reply: MockRoute) {
    const net = mockFetch({
      ...admin,
      'GET /api/admin/materials/7': { body: vocabDetail({}, { audio_url: null, word_audio_url: '/media/word.ogg', voice_spec: 'open-jtalk nitech-jp-atr503-m001' }) },
      'POST /api/admin/materials/7': reply,
    });
    return { net, ...renderAdmin('/admin/vocabs/7') };
  }
  const recording = () => new File(['OggS-bytes'], 'my voice.ogg', { type: 'audio/ogg' });

  it('posts the file in `audio` with the patch override, type and version; the recording waits for approval', async () => {
    const { net, user } = uploadSetup({
      body: vocabDetail({}, { version: 4, audio_url: '/media/recording.ogg', audio_spec: 'uploaded recording', is_audio_approved: false, word_audio_url: '/media/word.ogg' }),
    });
    const input = await screen.findByLabelText('Audio file');
    expect(input).toHaveAttribute('accept', 'audio/*');
    const audioSection = screen.getByRole('region', { name: 'Audio' });
    expect(within(audioSection).getByRole('form', { name: 'Upload recording' })).toContainElement(input);
    await user.upload(input, recording());
    await user.click(screen.getByRole('button', { name: 'Upload recording' }));
    expect(await screen.findByText(/Recording uploaded\. Approve it to let learners hear it\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Audio preview')).toHaveAttribute('src', '/media/recording.ogg');
    expect(within(audioSection).getByText('uploaded recording')).toBeInTheDocument();
    expect(within(audioSection).getByRole('button', { name: 'Approve audio' })).toBeInTheDocument();
    expect(within(audioSection).getByText(/learners hear it until an approved audio of your own replaces it/)).toBeInTheDocument();

    const init = net.fn.mock.calls.find(([, i]) => i?.method === 'POST')![1] as RequestInit;
    const form = init.body as FormData;
    expect(form.get('_method')).toBe('patch');
    expect(form.get('type')).toBe('vocab');
    expect(form.get('version')).toBe('3');
    expect((form.get('audio') as File).name).toBe('my voice.ogg');
    expect(form.get('image')).toBeNull();
    const headers = init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBeTruthy();
    expect(headers['X-XSRF-TOKEN']).toBe('test-csrf-token');
  });

  it('says someone else changed the card on 409', async () => {
    const { user } = uploadSetup(problem(409, 'The material changed since you loaded it.', 'concurrency_conflict'));
    await user.upload(await screen.findByLabelText('Audio file'), recording());
    await user.click(screen.getByRole('button', { name: 'Upload recording' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this material. Reload to see their version.');
  });

  it.each([
    [400, 'The file is not an Ogg, MP3, WAV, M4A or WebM audio file.'],
    [413, 'The audio file is too large; the limit is 5 MB.'],
  ])('shows the server problem detail on %i', async (status, detail) => {
    const { user } = uploadSetup(problem(status, detail, status === 413 ? 'payload_too_large' : 'validation_failed'));
    await user.upload(await screen.findByLabelText('Audio file'), new File(['\x89PNG'], 'word.ogg', { type: 'audio/ogg' }));
    await user.click(screen.getByRole('button', { name: 'Upload recording' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
  });

  it('explains a 413 that came without a problem document', async () => {
    const { user } = uploadSetup({ status: 413 });
    await user.upload(await screen.findByLabelText('Audio file'), recording());
    await user.click(screen.getByRole('button', { name: 'Upload recording' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The audio file is too large to upload.');
  });
});
