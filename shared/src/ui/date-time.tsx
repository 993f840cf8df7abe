import { useDateFormat } from '@portal/shared/client';

/** A date and time in the portal's one format and the chapter's time zone (or `timeZone`), as a <time> element. */
export function DateTime({
  value,
  dateOnly = false,
  timeZone,
}: {
  value: string;
  dateOnly?: boolean;
  timeZone?: string;
}) {
  const format = useDateFormat(timeZone);
  return <time dateTime={value}>{dateOnly ? format.date(value) : format.dateTime(value)}</time>;
}
