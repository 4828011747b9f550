// axe-core on the admin pages: no serious or critical violations (colour contrast needs layout; not in jsdom).
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { mockFetch } from '../../../test/fetch-mock';
import { profileFixture, statsFixture } from '../../../test/fixtures';
import { materialList, materialRow, readingDetail, renderAdmin } from './admin-test-utils';

async function seriousViolations(root: Element) {
  const results = await axe.run(root, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.html).join('\n  ')}`);
}

const routes = {
  'GET /api/users/profile': { body: profileFixture({ is_admin: true }) },
  'GET /api/admin/materials': { body: materialList([materialRow(1), materialRow(2, { has_audio: true })]) },
  'GET /api/admin/materials/12': {
    body: readingDetail({ vocab_id: 5, same_vocab_reading_ids: [12, 40] }, { vocab_id: 5, audio_url: '/a.mp3', image_url: '/i.png', image_description: 'A calendar' }),
  },
  'GET /api/admin/users/u1': {
    body: {
      user: { id: 'u1', email: 'ken@example.com', name: 'Ken', created_at: '2024-01-01T00:00:00Z', current_course: 'kana', level: { kana: 1 }, is_admin: false },
      stats: statsFixture(),
      profile: null,
    },
  },
};

describe('admin accessibility (axe-core)', () => {
  it('readings list', async () => {
    mockFetch(routes);
    const { container } = renderAdmin('/admin/readings');
    await screen.findByRole('link', { name: '2' });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('reading editor', async () => {
    mockFetch(routes);
    const { container } = renderAdmin('/admin/readings/12');
    await screen.findByText('This vocab is already in use.');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('user page', async () => {
    mockFetch(routes);
    const { container } = renderAdmin('/admin/users/u1');
    await screen.findByRole('table', { name: 'Levels in Hiragana/Katakana' });
    expect(await seriousViolations(container)).toEqual([]);
  });
});
