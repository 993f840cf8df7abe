/**
 * Colour contrast by WCAG 2 (relative luminance): what a role's badge needs to be read. No
 * imports, so the form schema and the display rules both use it.
 */

type Rgb = [number, number, number];
const toRgb = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (rgb: Rgb, other: Rgb, amount: number): Rgb => rgb.map((c, i) => c + (other[i]! - c) * amount) as Rgb;

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** The contrast text needs to be read (WCAG AA for normal text). */
export const MIN_TEXT_CONTRAST = 4.5;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(toRgb(a)), luminance(toRgb(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A pale tint of a colour: what a badge of it is drawn on. */
export const paleTint = (color: string): string => toHex(mix(toRgb(color), WHITE, 0.85));

/** The colour, darkened step by step until it reads at 4.5:1 as text on `background`. */
export function readableOn(color: string, background: string): string {
  let text = toRgb(color);
  for (let step = 0; step < 30 && contrastRatio(toHex(text), background) < MIN_TEXT_CONTRAST; step++) {
    text = mix(text, BLACK, 0.15);
  }
  return toHex(text);
}

/**
 * Why a role's colour cannot be saved, or null: it is the text of the role's badges, so it must
 * read at 4.5:1 on white (docs/product.md#team-roles); the message suggests the nearest darker
 * colour that does. A value that is no `#rrggbb` colour is its format's problem, not this one.
 */
export function roleColorIssue(color: string): string | null {
  if (!/^#[0-9a-fA-F]{6}$/.test(color)) return null;
  const ratio = contrastRatio(color, '#ffffff');
  if (ratio >= MIN_TEXT_CONTRAST) return null;
  const shown = (Math.floor(ratio * 10) / 10).toFixed(1);
  return `Too pale to read: this colour is the badge's text and has a contrast of ${shown}:1 with white, under ${MIN_TEXT_CONTRAST}:1. Try a darker one, such as ${readableOn(color, '#ffffff')}`;
}
