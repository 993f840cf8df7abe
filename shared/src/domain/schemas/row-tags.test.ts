import { contrastRatio } from '../ids/colour-contrast';
import { savedViewBodySchema, TAG_PALETTE, TAG_TEXT_COLOR, tagBodySchema, tagColorIssue, viewQuery } from './row-tags';

describe('tag colours', () => {
  it('offers a palette whose every colour reads at 4.5:1 under white text', () => {
    for (const color of TAG_PALETTE) {
      expect([color, contrastRatio(color, TAG_TEXT_COLOR) >= 4.5]).toEqual([color, true]);
      expect(tagColorIssue(color)).toBeNull();
    }
  });

  it('refuses a pale colour, suggesting a darker one that reads', () => {
    const issue = tagColorIssue('#ffcc00')!;
    expect(issue).toMatch(
      /^Too pale: white text on this colour has a contrast of 1\.\d:1, under 4\.5:1\. Try a darker one, such as #[0-9a-f]{6}$/,
    );
    const suggested = issue.slice(-7);
    expect(tagColorIssue(suggested)).toBeNull();
    const parsed = tagBodySchema.safeParse({ name: 'Pale', color: '#ffcc00' });
    expect(parsed.success ? [] : parsed.error.issues.map((each) => each.path)).toEqual([['color']]);
  });

  it('keeps a name to one line', () => {
    expect(tagBodySchema.safeParse({ name: 'two\nlines', color: '#1f4d3f' }).success).toBe(false);
    expect(tagBodySchema.safeParse({ name: '  Strong  ', color: '#1f4d3f' })).toMatchObject({
      success: true,
      data: { name: 'Strong' },
    });
  });
});

describe('saved views', () => {
  it("are the dashboard's URL: the tab's path and its query", () => {
    const body = savedViewBodySchema.parse({
      name: 'Chase',
      state: { tab: 'all', q: 'ada l', filter: 'offer-pending', sort: 'name', dir: 'asc', tag: 'tag-1' },
    });
    expect(viewQuery(body.state)).toBe('?q=ada+l&filter=offer-pending&sort=name&dir=asc&tag=tag-1');
    expect(viewQuery({ tab: 'qualified' })).toBe('');
  });

  it('refuse a filter off the All tab, and a sort or tag on the staff tabs', () => {
    for (const state of [
      { tab: 'qualified', filter: 'undecided' },
      { tab: 'reviewers', sort: 'name' },
      { tab: 'interviewers', tag: 'tag-1' },
    ]) {
      expect([state, savedViewBodySchema.safeParse({ name: 'x', state }).success]).toEqual([state, false]);
    }
  });
});
