/** What other features use of the interview booking: the applicant's interview state and slot times. */
export { useInterviews, useSlotTime } from './use-interviews';
export { SlotPlace } from './slot-place';
