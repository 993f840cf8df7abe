import { formatDate, formatDateTime } from '@portal/shared/domain';
import { usePortal } from './portal-context';

/** The portal's date format (`formatDateTime` / `formatDate`) in the chapter's time zone from the build, or `timeZone`. */
export function useDateFormat(timeZone?: string) {
  const portal = usePortal();
  const zone = timeZone ?? portal.timeZone;
  return {
    dateTime: (value: string | Date) => formatDateTime(value, zone),
    date: (value: string | Date) => formatDate(value, zone),
  };
}
