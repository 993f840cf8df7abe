/**
 * The portal's one way to put a count in words: every "1 application" / "2 applications" and every
 * verb that agrees with a count goes through `Intl.PluralRules` here (never a hand-made
 * `n === 1 ? … : …` or "thing(s)"; `tools/lint/plurals.test.ts` fails on one in the apps).
 */
const PLURAL_RULES = new Intl.PluralRules('en-US');

/** The word (or phrase) in the number `count` asks for: `plural(1, 'is', 'are')` → "is". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return PLURAL_RULES.select(count) === 'one' ? singular : pluralForm;
}

/** "1 application", "2 applications": a count with its noun in the right number. */
export function countOf(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${plural(count, singular, pluralForm)}`;
}
