import { useId, useState } from 'react';
import { Button, Typography, theme } from 'antd';
import type { FormSection } from '@portal/shared/domain/schemas/forms';
import { Link } from '@portal/shared/router';
import { VisuallyHidden } from '@portal/shared/ui';

interface SectionNavProps {
  formId: string;
  sections: readonly FormSection[];
  current: number;
  /** Sections whose every question is answered as submit requires. */
  complete: ReadonlySet<string>;
  /** Narrow screens: the list folds behind a "Section 4 of 13" button. */
  compact: boolean;
}

function SectionList({
  formId,
  sections,
  current,
  complete,
  id,
  onPick,
}: Omit<SectionNavProps, 'compact'> & { id?: string; onPick?: () => void }) {
  const { token } = theme.useToken();
  return (
    <ol id={id} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {sections.map((section, index) => {
        const active = index === current;
        const done = complete.has(section.sectionId);
        return (
          <li key={section.sectionId}>
            <Link
              to={`/apply/f/${formId}/${section.sectionId}`}
              aria-current={active ? 'step' : undefined}
              onClick={onPick}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 10,
                padding: '6px 8px',
                borderRadius: token.borderRadius,
                color: active ? token.colorPrimaryText : token.colorText,
                background: active ? token.colorPrimaryBg : undefined,
                fontWeight: active ? 600 : 400,
                textDecoration: 'none',
                lineHeight: 1.4,
              }}
            >
              <span
                aria-hidden
                style={{
                  flex: 'none',
                  width: 22,
                  height: 22,
                  borderRadius: '50%',
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontSize: 12,
                  border: `1px solid ${done || active ? token.colorPrimary : token.colorBorder}`,
                  background: done ? token.colorPrimary : token.colorBgContainer,
                  color: done ? token.colorWhite : token.colorTextSecondary,
                }}
              >
                {done ? '✓' : index + 1}
              </span>
              <span style={{ overflowWrap: 'anywhere' }}>
                {section.sectionName}
                {done && <VisuallyHidden> (complete)</VisuallyHidden>}
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The sections of the form as a list of links, however many there are: beside the form on wide
 * screens, behind a compact "Section 4 of 13" button on narrow ones.
 */
export function SectionNav(props: SectionNavProps) {
  const { sections, current, compact } = props;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const position = `Section ${current + 1} of ${sections.length}`;
  if (!compact) {
    return (
      <nav aria-label="Sections of the application">
        <Typography.Text type="secondary" style={{ display: 'block', padding: '0 8px 8px' }}>
          {position}
        </Typography.Text>
        <SectionList {...props} />
      </nav>
    );
  }
  return (
    <nav aria-label="Sections of the application">
      <Button
        block
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        style={{ display: 'flex', justifyContent: 'space-between', height: 'auto', padding: '8px 12px' }}
      >
        <span style={{ textAlign: 'left', whiteSpace: 'normal' }}>
          <Typography.Text type="secondary">{position}: </Typography.Text>
          <strong>{sections[current]?.sectionName}</strong>
        </span>
        <span aria-hidden>{open ? '▴' : '▾'}</span>
      </Button>
      {open && (
        <div style={{ marginTop: 8 }}>
          <SectionList {...props} id={listId} onPick={() => setOpen(false)} />
        </div>
      )}
    </nav>
  );
}
