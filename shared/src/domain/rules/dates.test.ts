import { formatDate, formatDateTime, formatTime, fromZonedWallTime, toZonedWallTime } from './dates';

const AT = '2025-03-02T04:59:00.000Z';

it('writes a time with its zone, in the zone given', () => {
  expect(formatDateTime(AT, 'America/New_York')).toBe('Mar 1, 2025, 11:59 PM EST');
  expect(formatDateTime(AT, 'UTC')).toBe('Mar 2, 2025, 4:59 AM UTC');
});

it('writes a time of day with seconds and its zone', () => {
  expect(formatTime(AT, 'America/New_York')).toBe('11:59:00 PM EST');
});

it('writes a day alone without a time, on the day of the zone given', () => {
  expect(formatDate(AT, 'America/New_York')).toBe('Mar 1, 2025');
  expect(formatDate(AT, 'UTC')).toBe('Mar 2, 2025');
});

describe('wall-clock times in a zone across a DST change (interview slots)', () => {
  const NY = 'America/New_York';
  it.each([
    // The day before, during and after spring forward (Mar 8, 2026, 2:00 EST -> 3:00 EDT).
    ['2026-03-07T09:30', NY, '2026-03-07T14:30:00.000Z'],
    ['2026-03-08T01:59', NY, '2026-03-08T06:59:00.000Z'],
    ['2026-03-08T03:00', NY, '2026-03-08T07:00:00.000Z'],
    ['2026-03-09T09:30', NY, '2026-03-09T13:30:00.000Z'],
    // Fall back (Nov 1, 2026, 2:00 EDT -> 1:00 EST).
    ['2026-10-31T09:30', NY, '2026-10-31T13:30:00.000Z'],
    ['2026-11-01T09:30', NY, '2026-11-01T14:30:00.000Z'],
    // Southern hemisphere: Sydney leaves DST on Apr 5, 2026 (3:00 AEDT -> 2:00 AEST).
    ['2026-04-04T10:00', 'Australia/Sydney', '2026-04-03T23:00:00.000Z'],
    ['2026-04-06T10:00', 'Australia/Sydney', '2026-04-06T00:00:00.000Z'],
    ['2026-03-29T01:30', 'Europe/Berlin', '2026-03-29T00:30:00.000Z'],
    ['2026-03-29T03:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
  ])('%s in %s is %s, and back', (wall, zone, utc) => {
    expect(fromZonedWallTime(wall, zone)?.toISOString()).toBe(utc);
    expect(toZonedWallTime(utc, zone)).toBe(wall);
  });

  it('takes the first of a time that occurs twice (the fall-back hour)', () => {
    expect(fromZonedWallTime('2026-11-01T01:30', NY)?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(formatDateTime('2026-11-01T05:30:00.000Z', NY)).toBe('Nov 1, 2026, 1:30 AM EDT');
    expect(formatDateTime('2026-11-01T06:30:00.000Z', NY)).toBe('Nov 1, 2026, 1:30 AM EST');
  });

  it('moves a time that never occurs (the spring-forward gap) forward by the gap', () => {
    const instant = fromZonedWallTime('2026-03-08T02:30', NY)!;
    expect(instant.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(toZonedWallTime(instant, NY)).toBe('2026-03-08T03:30');
  });

  it('keeps the length of a slot that spans the change in real time', () => {
    const start = fromZonedWallTime('2026-11-01T00:30', NY)!;
    const end = new Date(start.getTime() + 120 * 60_000);
    expect(formatDateTime(end, NY)).toBe('Nov 1, 2026, 1:30 AM EST');
  });

  it.each(['', '2026-02-30T10:00', '2026-03-08 10:00', '2026-03-08T25:00'])('refuses %p', (wall) => {
    expect(fromZonedWallTime(wall, NY)).toBeNull();
  });
});

describe('wall-clock times in the chapter zone and UTC, across DST (America/New_York, 2026)', () => {
  const NY = 'America/New_York';

  it.each([
    // Spring forward, Mar 8 2026 02:00 EST → 03:00 EDT.
    ['2026-03-07T23:59', '2026-03-08T04:59:00.000Z', 'Mar 7, 2026, 11:59 PM EST'],
    ['2026-03-08T01:59', '2026-03-08T06:59:00.000Z', 'Mar 8, 2026, 1:59 AM EST'],
    ['2026-03-08T03:00', '2026-03-08T07:00:00.000Z', 'Mar 8, 2026, 3:00 AM EDT'],
    ['2026-03-09T09:00', '2026-03-09T13:00:00.000Z', 'Mar 9, 2026, 9:00 AM EDT'],
    // Fall back, Nov 1 2026 02:00 EDT → 01:00 EST.
    ['2026-10-31T23:59', '2026-11-01T03:59:00.000Z', 'Oct 31, 2026, 11:59 PM EDT'],
    ['2026-11-01T00:30', '2026-11-01T04:30:00.000Z', 'Nov 1, 2026, 12:30 AM EDT'],
    ['2026-11-01T02:00', '2026-11-01T07:00:00.000Z', 'Nov 1, 2026, 2:00 AM EST'],
    ['2026-11-02T09:00', '2026-11-02T14:00:00.000Z', 'Nov 2, 2026, 9:00 AM EST'],
  ])('%s in New York is %s and reads back the same, shown with its zone', (wall, utc, shown) => {
    const at = fromZonedWallTime(wall, NY)!;
    expect(at.toISOString()).toBe(utc);
    expect(toZonedWallTime(at, NY)).toBe(wall);
    expect(formatDateTime(at, NY)).toBe(shown);
  });

  it('moves a time the spring change skips (02:30 does not exist) to after the gap', () => {
    const at = fromZonedWallTime('2026-03-08T02:30', NY)!;
    expect(at.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(formatDateTime(at, NY)).toBe('Mar 8, 2026, 3:30 AM EDT');
  });

  it('reads a time the fall change repeats (01:30 happens twice) as the first, in EDT', () => {
    const at = fromZonedWallTime('2026-11-01T01:30', NY)!;
    expect(at.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(formatDateTime(at, NY)).toBe('Nov 1, 2026, 1:30 AM EDT');
    // The second 01:30 (EST), an hour later, shows as such and is a different instant.
    expect(formatDateTime('2026-11-01T06:30:00.000Z', NY)).toBe('Nov 1, 2026, 1:30 AM EST');
    expect(toZonedWallTime('2026-11-01T06:30:00.000Z', NY)).toBe('2026-11-01T01:30');
  });

  it('round-trips every 15 minutes through both change days (UTC → wall → UTC), but for the repeated hour', () => {
    for (const day of ['2026-03-08T00:00:00.000Z', '2026-11-01T00:00:00.000Z']) {
      for (let minutes = 0; minutes < 48 * 60; minutes += 15) {
        const at = new Date(Date.parse(day) + minutes * 60_000);
        const back = fromZonedWallTime(toZonedWallTime(at, NY), NY)!;
        // The second pass through the repeated hour reads back as the first: an hour earlier.
        expect([0, 60 * 60_000]).toContain(at.getTime() - back.getTime());
        if (formatDateTime(at, NY).endsWith('EDT') || !toZonedWallTime(at, NY).startsWith('2026-11-01T01')) {
          expect(back.toISOString()).toBe(at.toISOString());
        }
      }
    }
  });

  it('works in other zones and refuses what is not a wall-clock time', () => {
    expect(fromZonedWallTime('2026-03-29T02:30', 'Europe/Berlin')!.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(fromZonedWallTime('2026-07-01T12:00', 'Asia/Kolkata')!.toISOString()).toBe('2026-07-01T06:30:00.000Z');
    expect(fromZonedWallTime('2026-02-30T12:00', NY)).toBeNull();
    expect(fromZonedWallTime('2026-03-08 12:00', NY)).toBeNull();
    expect(fromZonedWallTime('2026-03-08T24:00', NY)).toBeNull();
  });
});
