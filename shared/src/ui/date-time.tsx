import { useDateFormat } from '@portal/shared/client';

/** A date and time in the portal's one format and the chapter's time zone, as a <time> element. */
export function DateTime({ value, dateOnly = false }: { value: string; dateOnly?: boolean }) {
  const format = useDateFormat();
  return <time dateTime={value}>{dateOnly ? format.date(value) : format.dateTime(value)}</time>;
}
