import type { ComponentPropsWithoutRef, CSSProperties } from 'react';

/** How wide a table may get before it scrolls sideways: a width in px, or its content's ('max-content'). */
export type TableWidth = number | 'max-content';

const tables = new Map<TableWidth, (props: ComponentPropsWithoutRef<'table'>) => React.JSX.Element>();

/** One table element per width, made once: a new component on each render would remount the table. */
function tableOf(width: TableWidth) {
  let table = tables.get(width);
  if (!table) {
    table = function WideTable(props: ComponentPropsWithoutRef<'table'>) {
      return <table {...props} style={{ ...props.style, width, minWidth: '100%' }} />;
    };
    tables.set(width, table);
  }
  return table;
}

/**
 * A table that scrolls sideways inside its own box when it is wider than the screen, drawn once.
 * antd's `scroll={{ x }}` does the same but measures every column after the first render and then
 * renders every cell again with the widths (its fixed columns need them; the portal has none): on the
 * dashboard that was a forced layout and a second render of its 25 rows before anything showed.
 * The table gets the width and minimum that `scroll.x` gives it, and its box the sideways scroll.
 */
export function wideTable(width: TableWidth): {
  styles: { content: CSSProperties };
  components: { table: ReturnType<typeof tableOf> };
} {
  return { styles: { content: { overflowX: 'auto' } }, components: { table: tableOf(width) } };
}
