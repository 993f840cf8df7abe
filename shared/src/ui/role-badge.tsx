import { TEAM_ROLE_DISPLAY, type TeamRole } from '@portal/shared/domain';

const MAX_BADGE_WIDTH = '14em';

export function roleLabel(role: string): string {
  return TEAM_ROLE_DISPLAY[role as TeamRole]?.label ?? role;
}

/** A team role's pastel badge: emoji and label; a long label is cut with an ellipsis, the full one is in the title. */
export function RoleBadge({ role }: { role: string }) {
  const display = TEAM_ROLE_DISPLAY[role as TeamRole];
  const label = roleLabel(role);
  return (
    <span
      title={label}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        maxWidth: MAX_BADGE_WIDTH,
        padding: '2px 10px',
        borderRadius: 999,
        background: display?.background ?? '#f0f0f0',
        color: display?.color ?? '#262626',
        fontWeight: 500,
      }}
    >
      {display && <span aria-hidden="true">{display.emoji}</span>}
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
    </span>
  );
}
