import { listWhere, parseFilters } from './material-list.filters';

describe('materials list filters', () => {
  it('splits on +, spaces and commas, once each', () => {
    expect(parseFilters('no_audio+no_image')).toEqual(['no_audio', 'no_image']);
    expect(parseFilters('no_audio no_image,not_servable+no_audio')).toEqual(['no_audio', 'no_image', 'not_servable']);
    expect(parseFilters(undefined)).toEqual([]);
    expect(parseFilters('')).toEqual([]);
  });

  it('refuses unknown names, naming them', () => {
    expect(() => parseFilters('no_audio+no_cats')).toThrow('Unknown filter: no_cats.');
  });

  it('builds parameterised conditions: values never enter the SQL', () => {
    const { conditions, values } = listWhere({ type: 'vocab', course: "vocab1'; drop table users; --", level: 2, filters: ['not_servable'] });
    expect(values).toEqual(['vocab', "vocab1'; drop table users; --", 2]);
    expect(conditions).toEqual(['m.material_type = $1', 'm.course = $2', 'm.level = $3', '(not m.servable)']);
  });
});
