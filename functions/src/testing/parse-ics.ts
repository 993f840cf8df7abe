/**
 * Reads an iCalendar file back for tests (RFC 5545): unfolds lines, splits name, parameters and
 * value, and unescapes TEXT values. Fails on what a calendar would refuse: bare LF line ends or a
 * line over 75 octets.
 */
export interface IcsProperty {
  name: string;
  params: string;
  value: string;
}

export function parseIcs(file: string): IcsProperty[] {
  if (!file.endsWith('\r\n')) throw new Error('An iCalendar file ends with CRLF');
  const raw = file.slice(0, -2).split('\r\n');
  for (const line of raw) {
    if (line.includes('\n') || line.includes('\r')) throw new Error(`A bare line end in ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`A line over 75 octets: ${line}`);
  }
  const lines: string[] = [];
  for (const line of raw) {
    if (line.startsWith(' ') || line.startsWith('\t')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  return lines.map((line) => {
    const colon = line.indexOf(':');
    const head = line.slice(0, colon);
    const [name = '', ...params] = head.split(';');
    const value = line
      .slice(colon + 1)
      .replace(/\\([\\;,nN])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
    return { name, params: params.join(';'), value };
  });
}

/** The first VEVENT's properties by name. */
export function icsEvent(file: string): Record<string, string> {
  const properties = parseIcs(file);
  const start = properties.findIndex((property) => property.name === 'BEGIN' && property.value === 'VEVENT');
  const end = properties.findIndex((property) => property.name === 'END' && property.value === 'VEVENT');
  if (start < 0 || end < start) throw new Error('No VEVENT');
  return Object.fromEntries(properties.slice(start + 1, end).map((property) => [property.name, property.value]));
}

/** "20260308T073000Z" as a date. */
export const icsDate = (value: string) =>
  new Date(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
