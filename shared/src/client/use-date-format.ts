import { formatDate, formatDateTime, localTimeZone } from '@portal/shared/domain/rules/dates';
import { usePortal } from './portal-context';

/**
 * The zone a form's dates are shown and entered in: the form's own, else the chapter's from the
 * build, else the reader's.
 */
export function useTimeZone(formTimeZone?: string): string {
  const portal = usePortal();
  return formTimeZone ?? portal.timeZone ?? localTimeZone();
}

/** The portal's date format (`formatDateTime` / `formatDate`) in the chapter's time zone from the build, or `timeZone`. */
export function useDateFormat(timeZone?: string) {
  const zone = useTimeZone(timeZone);
  return {
    dateTime: (value: string | Date) => formatDateTime(value, zone),
    date: (value: string | Date) => formatDate(value, zone),
  };
}
