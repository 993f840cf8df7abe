/** A value split into named fields (an application's answers, a review's scores and comments). */
export type Fields = Readonly<Record<string, unknown>>;

/** A field changed on both sides since the version they started from, to different values. */
export interface FieldConflict {
  key: string;
  /** Undefined when the common version is not known. */
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface MergeResult {
  /** Every field: the side that changed it, the shared value, or (for a conflict) mine until chosen. */
  merged: Record<string, unknown>;
  conflicts: FieldConflict[];
}

/** Fields hold JSON values (text, lists of text, numbers), so equal JSON is equal content. */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A three-way merge, field by field, against `base`, the version both sides started from: a field
 * changed on one side only takes that side's value; a field changed on both sides to the same
 * value is no conflict; only one changed on both sides to different values is. Without a base
 * (unknown), every field that differs is a conflict.
 */
export function mergeFields(base: Fields | undefined, mine: Fields, theirs: Fields): MergeResult {
  const merged: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  const keys = new Set([...Object.keys(theirs), ...Object.keys(mine)]);
  for (const key of keys) {
    const m = mine[key];
    const t = theirs[key];
    // With a base, a field it lacks was empty (undefined) there; without one, nothing is known.
    const known = base !== undefined;
    const b = known ? base[key] : undefined;
    if (sameValue(m, t) || (known && sameValue(m, b))) {
      merged[key] = t;
    } else if (known && sameValue(t, b)) {
      merged[key] = m;
    } else {
      merged[key] = m;
      conflicts.push({ key, base: b, mine: m, theirs: t });
    }
  }
  return { merged, conflicts };
}
