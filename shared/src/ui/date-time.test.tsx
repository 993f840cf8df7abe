import { render } from '@testing-library/react';
import { PortalProvider, type ApiClient } from '@portal/shared/client';
import { DateTime, formatDateTimeForReader, formatMomentForReader, timeZoneName } from './date-time';

/** The reader's browser is in this zone (what `Intl` reports as the default). */
function readerIn(timeZone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone };
  });
}

afterEach(() => jest.restoreAllMocks());

const AT = '2025-03-01T04:59:00.000Z';

function renderDateTime(element: React.ReactElement, chapterZone?: string) {
  return render(
    <PortalProvider value={{ api: {} as ApiClient, timeZone: chapterZone }}>
      <p data-testid="text">{element}</p>
    </PortalProvider>,
  );
}

test('zones are named in words, never by their id or an abbreviation', () => {
  const at = new Date(AT);
  expect(timeZoneName('America/New_York', at)).toBe('Eastern Time');
  expect(timeZoneName('Europe/Berlin', at)).toBe('Central European Time');
  expect(timeZoneName('UTC', at)).toBe('Coordinated Universal Time');
});

test("a time in the chapter's zone, named in words, with the reader's own time beside it when they are elsewhere", () => {
  readerIn('Europe/Berlin');
  const { getByTestId } = renderDateTime(<DateTime value={AT} />, 'America/New_York');

  expect(getByTestId('text')).toHaveTextContent(
    'Feb 28, 2025, 11:59 PM Eastern Time (your time: Mar 1, 2025, 5:59 AM Central European Time)',
  );
  expect(getByTestId('text').querySelector('time')).toHaveAttribute('dateTime', AT);
});

test('a reader in the zone shown reads the time once', () => {
  readerIn('America/New_York');
  const { getByTestId } = renderDateTime(<DateTime value={AT} timeZone="America/New_York" />);

  expect(getByTestId('text')).toHaveTextContent(/^Feb 28, 2025, 11:59 PM Eastern Time$/);
});

test('a date alone names no zone', () => {
  readerIn('Europe/Berlin');
  const { getByTestId } = renderDateTime(<DateTime value={AT} dateOnly />, 'America/New_York');

  expect(getByTestId('text')).toHaveTextContent(/^Feb 28, 2025$/);
});

test('as text: the same words', () => {
  expect(formatDateTimeForReader(AT, 'America/New_York', 'America/Los_Angeles')).toBe(
    'Feb 28, 2025, 11:59 PM Eastern Time (your time: 8:59 PM Pacific Time)',
  );
});

test("a moment just past (a save): its time with seconds in the zone shown, the reader's beside it, the date once it is not today", () => {
  const at = new Date('2025-03-01T04:59:05.000Z');
  expect(formatMomentForReader(at, 'America/New_York', at, 'Europe/Berlin')).toBe(
    '11:59:05 PM Eastern Time (your time: 5:59:05 AM Central European Time)',
  );
  expect(formatMomentForReader(at, 'America/New_York', at, 'America/New_York')).toBe('11:59:05 PM Eastern Time');
  const dayLater = new Date(at.getTime() + 24 * 60 * 60 * 1000);
  expect(formatMomentForReader(at, 'America/New_York', dayLater, 'Europe/Berlin')).toBe(
    'Feb 28, 2025, 11:59:05 PM Eastern Time (your time: Mar 1, 2025, 5:59:05 AM Central European Time)',
  );
});

test('a page of dates makes each formatter once, not one per date (making one costs far more than using it)', () => {
  const made = jest.spyOn(Intl, 'DateTimeFormat');
  const dates = Array.from({ length: 50 }, (_, day) => new Date(Date.UTC(2025, 2, 1 + day, 15, 30)));
  const texts = dates.map((at) => formatDateTimeForReader(at, 'America/New_York', 'Europe/Berlin'));
  expect(texts[0]).toBe('Mar 1, 2025, 10:30 AM Eastern Time (your time: 4:30 PM Central European Time)');
  const afterFirstPage = made.mock.calls.length;
  dates.forEach((at) => formatDateTimeForReader(at, 'America/New_York', 'Europe/Berlin'));
  expect(afterFirstPage).toBeLessThanOrEqual(10);
  expect(made.mock.calls.length).toBe(afterFirstPage);
});
