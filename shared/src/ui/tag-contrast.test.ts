import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FastColor } from '@ant-design/fast-color';
import { theme } from 'antd';
import { PresetColors } from 'antd/lib/theme/interface';
import { TEAM_ROLE_DISPLAY } from '@portal/shared/domain/ids/constants';
import { PORTAL_THEME } from './portal-theme';

/**
 * WCAG 1.4.3: every tag's text reads at 4.5:1 on its own background. The colours are the ones
 * antd's Tag styles draw with (tag/style: the preset colours' 7th shade on their 1st, a status's
 * colour on its `…Bg`, the default's text on `colorFillTertiary` over the container), computed
 * from the portal's theme; a translucent colour is laid on what is under it first.
 */
const AA = 4.5;
const token = theme.getDesignToken(PORTAL_THEME) as unknown as Record<string, string>;

function opaque(color: string, under = '#ffffff'): FastColor {
  return new FastColor(color).onBackground(new FastColor(under));
}

function luminance(color: FastColor): number {
  const [r, g, b] = [color.r, color.g, color.b].map((channel) => {
    const s = channel / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(text: string, background: string): number {
  const bg = opaque(background, token.colorBgContainer);
  const [a, b] = [luminance(opaque(text, bg.toHexString())), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

const STATUS_TOKENS = { success: 'Success', processing: 'Info', error: 'Error', warning: 'Warning' } as const;

/** Text and background of a tag of this colour (antd's filled variant, the default, and outlined: the same pair). */
function tagColors(color: string): { text: string; background: string } {
  if (color === 'default') {
    return {
      text: token.colorText!,
      background: opaque(token.colorFillTertiary!, token.colorBgContainer).toHexString(),
    };
  }
  if (color in STATUS_TOKENS) {
    const name = STATUS_TOKENS[color as keyof typeof STATUS_TOKENS];
    return { text: token[`color${name}`]!, background: token[`color${name}Bg`]! };
  }
  return { text: token[`${color}7`]!, background: token[`${color}1`]! };
}

const NAMED_COLORS = ['default', ...Object.keys(STATUS_TOKENS), ...PresetColors];

test.each(NAMED_COLORS)('a "%s" tag reads at 4.5:1 or more', (color) => {
  const { text, background } = tagColors(color);
  expect(contrast(text, background)).toBeGreaterThanOrEqual(AA);
});

test.each([
  ['Accepted', 'success'],
  ['Decisions released', 'success'],
  ['Waitlisted', 'warning'],
])('the "%s" tag (%s) reads at 4.5:1 or more', (_label, color) => {
  const { text, background } = tagColors(color);
  expect(contrast(text, background)).toBeGreaterThanOrEqual(AA);
});

test.each(Object.entries(TEAM_ROLE_DISPLAY))('the %s role badge reads at 4.5:1 or more', (_role, display) => {
  expect(contrast(display.color, display.background)).toBeGreaterThanOrEqual(AA);
});

// ---- Every tag colour the portal's code uses is one of the colours checked above ----

const ROOT = path.resolve(__dirname, '../../..');
const SOURCE_DIRS = ['applicant-app/src', 'admin-app/src', 'shell/src', 'shared/src'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const literals = (code: string) => [...code.matchAll(/['"]([^'"]+)['"]/g)].map((match) => match[1]!);

/**
 * The colour literals given to tags: a `<Tag color=…>` attribute (a string, or the strings of its
 * expression), the values of a `…_COLORS` table (but PORTAL_COLORS, the signal seeds the theme
 * is made of, checked above through the status colours), and the `color`s of a status view (`StatusView`).
 */
function tagColorLiterals(code: string): string[] {
  const attributes = [
    ...code.matchAll(/<Tag\b\s+(?:[\w-]+=(?:"[^"]*"|\{[^}]*\})\s+)*color=("[^"]*"|\{[^}]*\})/g),
  ].flatMap((match) => literals(match[1]!));
  const tables = [...code.matchAll(/(?<!PORTAL)_COLORS\b[^=\n]*=\s*\{([^}]*)\}/g)].flatMap((match) =>
    [...match[1]!.matchAll(/:\s*['"]([^'"]+)['"]/g)].map((value) => value[1]!),
  );
  const views = code.includes('StatusView')
    ? [...code.matchAll(/\bcolor:\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!)
    : [];
  return [...attributes, ...tables, ...views];
}

test('every tag colour in the code is a named colour checked above (no colour the test cannot see)', () => {
  const used = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap((dir) => sources(path.join(ROOT, dir)))) {
    for (const color of tagColorLiterals(readFileSync(file, 'utf8'))) {
      used.set(color, [...(used.get(color) ?? []), path.relative(ROOT, file)]);
    }
  }
  // The scan sees the tags the audit named: "Accepted" / "Decisions released" (success), "In review" (gold).
  expect([...used.keys()]).toEqual(expect.arrayContaining(['success', 'gold', 'green', 'red']));
  const unchecked = [...used].filter(([color]) => !NAMED_COLORS.includes(color));
  expect(unchecked).toEqual([]);
});
