import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path inside the portal. */
  to: To;
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
  /** History state the page at `to` reads. */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link inside the portal: an `<a href>` whose plain left click navigates in the page, built on
 * react-router's own hooks for custom links (`useHref`, `useLinkClickHandler`). react-router's
 * `<Link>` also carries framework mode's route prefetching, which a single-page app never uses and
 * which every page's first script would download (docs/decisions/router-link.md).
 */
export function Link({ to, replace, state, target, onClick, ref, ...anchor }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...anchor} ref={ref} href={href} target={target} onClick={handleClick} />;
}
