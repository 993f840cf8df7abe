import { Typography } from 'antd';

/** A place that is a web address (a video call): only http(s), so a stored `javascript:` never becomes a link. */
function videoLink(place: string): string | null {
  const text = place.trim();
  if (!/^https?:\/\/\S+$/i.test(text)) return null;
  try {
    return new URL(text).href;
  } catch {
    return null;
  }
}

/** Where an interview takes place: a room as text, a video call's address as a link that opens it in a new tab. */
export function SlotPlace({ place }: { place: string }) {
  const href = videoLink(place);
  if (!href) return <>{place}</>;
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
      {place.trim()}
    </Typography.Link>
  );
}
