import { Flex, Result, Tag } from 'antd';
import { useQuery } from '@portal/shared/query';
import {
  ApiRequestError,
  decisionQueryOptions,
  isApiRefusal,
  usePortal,
  useRetryUnlessAnswered,
} from '@portal/shared/client';
import { isId } from '@portal/shared/domain/ids/constants';
import { DEFAULT_TEAM_ROLE_DEFINITIONS } from '@portal/shared/domain/ids/team-role-defaults';
import { RESPONSE_MESSAGES } from '@portal/shared/domain/messages/response-messages';
import type { RoleDecision } from '@portal/shared/domain/schemas/responses';
import { Link, useParams } from '@portal/shared/router';
import { OUTCOME_VIEW, outcomeOf } from '../../lib/application-status';
import { PageSkeleton, PageTitle, LoadError } from '@portal/shared/ui';
import { DecisionLetter, PageNotFound, RoleBadge, TeamRolesProvider } from '@portal/shared/ui';
import { OfferReply } from './offer-reply';

function DecisionOutcome({ responseId, decision }: { responseId: string; decision: RoleDecision }) {
  const outcome = outcomeOf(decision.decision);
  return (
    <DecisionLetter
      role={decision.role}
      decision={outcome ?? null}
      letter={decision.letter}
      extra={
        <Flex vertical gap={16} align="center">
          <Flex gap={8} align="center">
            <RoleBadge role={decision.role} />
            {outcome && <Tag color={OUTCOME_VIEW[outcome].color}>{OUTCOME_VIEW[outcome].label}</Tag>}
          </Flex>
          {decision.decision === 'accepted' && <OfferReply responseId={responseId} decision={decision} />}
        </Flex>
      }
    />
  );
}

/** `/apply/decision/{responseId}/{role}`: the released outcome for one role, and the offer reply. */
export default function DecisionPage() {
  const { responseId = '', role = '' } = useParams();
  // The form's roles are its own: only something that cannot be a role id is known not to be one here.
  // (`isId` is the role schema's rule without zod: the server validates the role too.)
  if (!isId(role)) return <PageNotFound />;
  return <Decision responseId={responseId} role={role} />;
}

function Decision({ responseId, role }: { responseId: string; role: string }) {
  const { api } = usePortal();
  const retry = useRetryUnlessAnswered();
  const decision = useQuery({ ...decisionQueryOptions(api, responseId, role), retry });
  const status = decision.error instanceof ApiRequestError ? decision.error.status : null;

  const renderBody = () => {
    if (decision.isPending) return <PageSkeleton label="Loading your decision" />;
    if (isApiRefusal(decision.error, 'not-released')) {
      return (
        <Result
          status="info"
          title={RESPONSE_MESSAGES.decisionsNotReleased}
          subTitle="Your application is in review. We will let you know when decisions are released."
        />
      );
    }
    if (isApiRefusal(decision.error, 'not-applied')) {
      return (
        <Result
          status="info"
          title="You did not apply for this role."
          subTitle="Your application status page lists the roles you applied for, with a decision for each."
        />
      );
    }
    if (status === 404) return <Result status="warning" title={RESPONSE_MESSAGES.noResponse} />;
    if (decision.isError) {
      return (
        <LoadError
          title="Your decision could not be loaded."
          error={decision.error}
          onRetry={() => void decision.refetch()}
        />
      );
    }
    return (
      <TeamRolesProvider roles={decision.data.formRoles ?? DEFAULT_TEAM_ROLE_DEFINITIONS}>
        <DecisionOutcome responseId={responseId} decision={decision.data} />
      </TeamRolesProvider>
    );
  };

  return (
    <Flex vertical gap={16}>
      <PageTitle>Your decision</PageTitle>
      {renderBody()}
      <Link to="/apply/status">Back to your application status</Link>
    </Flex>
  );
}
