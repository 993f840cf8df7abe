interface PortalLogoProps {
  size?: number;
  title?: string;
}

/** The portal's mark: a doorway with a checkmark, drawn inline so it needs no asset request. */
export function PortalLogo({ size = 64, title = 'Application Portal logo' }: PortalLogoProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={title}>
      <rect x="4" y="4" width="56" height="56" rx="14" fill="#1677ff" />
      <path d="M20 50V20a4 4 0 0 1 4-4h16a4 4 0 0 1 4 4v30" fill="none" stroke="#fff" strokeWidth="4" />
      <path
        d="M25 33l6 6 10-12"
        fill="none"
        stroke="#ffd666"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
