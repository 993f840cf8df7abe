import { useState } from 'react';
import { Button, Card, Flex, InputNumber, Typography } from 'antd';
import { formKeys, usePortal } from '@portal/shared/client';
import { useQueryClient } from '@portal/shared/query';
import { MAX_OFFER_REPLY_DAYS } from '@portal/shared/domain/ids/constants';
import { countOf } from '@portal/shared/domain/ids/text';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { setOfferDeadline } from '../../api/rows';
import { useStaffMutation } from '../../lib/use-staff-mutation';

export const OFFER_DEADLINE_TEXTS = {
  title: 'Offer deadline',
  explain:
    'An offer not answered in time is marked expired, and every super-reviewer is told by email, so the place can go to the next applicant on the waitlist.',
  current: (days: number | undefined) =>
    days === undefined
      ? 'Offers have no deadline.'
      : `Applicants have ${countOf(days, 'day')} to answer an offer, counted from the release (or from a later change to Accepted).`,
} as const;

/**
 * The form's optional offer deadline: the days an applicant has to answer an offer. Offers made
 * from then on get it (at release, or by a changed decision after release).
 */
export function OfferDeadlineCard({ form }: { form: ApplicationForm }) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number | null>(form.offerReplyDays ?? null);
  const save = useStaffMutation((offerReplyDays: number | null) => setOfferDeadline(api, form.id, offerReplyDays), {
    success: (saved) => (saved.offerReplyDays ? 'Offer deadline saved.' : 'Offers have no deadline now.'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: formKeys.byId(form.id) });
    },
  });
  return (
    <Card size="small" title={OFFER_DEADLINE_TEXTS.title} role="region" aria-label={OFFER_DEADLINE_TEXTS.title}>
      <Flex vertical gap={8}>
        <Typography.Text>{OFFER_DEADLINE_TEXTS.current(form.offerReplyDays)}</Typography.Text>
        <Typography.Text type="secondary">{OFFER_DEADLINE_TEXTS.explain}</Typography.Text>
        <Flex gap={8} align="center" wrap>
          <InputNumber<number>
            aria-label="Days to answer an offer"
            min={1}
            max={MAX_OFFER_REPLY_DAYS}
            precision={0}
            value={days}
            onChange={setDays}
            suffix="days"
          />
          <Button type="primary" disabled={!days} loading={save.isPending} onClick={() => save.mutate(days)}>
            Save deadline
          </Button>
          {form.offerReplyDays !== undefined && (
            <Button
              onClick={() => {
                setDays(null);
                save.mutate(null);
              }}
              disabled={save.isPending}
            >
              No deadline
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
