import { Tag } from 'antd';
import { TAG_TEXT_COLOR, type RowTag } from '@portal/shared/domain/schemas/row-tags';

/** A tag as the rows show it: white text on its colour (which the server checked reads at 4.5:1). */
export function TagChip({ tag }: { tag: Pick<RowTag, 'name' | 'color'> }) {
  return (
    // Drawn solid here: antd draws a custom colour as a pale tint under coloured text.
    <Tag style={{ background: tag.color, borderColor: tag.color, color: TAG_TEXT_COLOR, marginInlineEnd: 4 }}>
      {tag.name}
    </Tag>
  );
}
