import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_TEAM_ROLE_DEFINITIONS, type TeamRoleDefinition } from '@portal/shared/domain/ids/team-role-defaults';
import { teamRoleDisplay, teamRoleLabel } from '@portal/shared/domain/rules/team-roles';

const MAX_BADGE_WIDTH = '14em';

/** The team roles of the form on screen (its `formTeamRoles`); outside any form, the default roles. */
const TeamRolesContext = createContext<readonly TeamRoleDefinition[]>(DEFAULT_TEAM_ROLE_DEFINITIONS);

export function TeamRolesProvider({ roles, children }: { roles: readonly TeamRoleDefinition[]; children: ReactNode }) {
  return <TeamRolesContext.Provider value={roles}>{children}</TeamRolesContext.Provider>;
}

/** The roles of the form on screen. */
export function useTeamRoles(): readonly TeamRoleDefinition[] {
  return useContext(TeamRolesContext);
}

/** A role's label among the form's roles on screen. */
export function useRoleLabel(): (role: string) => string {
  const roles = useTeamRoles();
  return (role) => teamRoleLabel(roles, role);
}

/** A role's label among these roles (default: the default roles). */
export function roleLabel(role: string, roles: readonly TeamRoleDefinition[] = DEFAULT_TEAM_ROLE_DEFINITIONS): string {
  return teamRoleLabel(roles, role);
}

/**
 * A team role's pastel badge (the form's roles on screen): emoji and label; a long label is cut
 * with an ellipsis, the full one is in the title.
 */
export function RoleBadge({ role }: { role: string }) {
  const display = teamRoleDisplay(useTeamRoles(), role);
  return (
    <span
      title={display.label}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        maxWidth: MAX_BADGE_WIDTH,
        padding: '2px 10px',
        borderRadius: 999,
        background: display.background,
        color: display.color,
        fontWeight: 500,
      }}
    >
      {display.emoji && <span aria-hidden="true">{display.emoji}</span>}
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{display.label}</span>
    </span>
  );
}
