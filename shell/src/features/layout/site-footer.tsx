import { PORTAL_TOKENS } from '@portal/shared/ui';
import type { ClientConfig } from '@portal/shared/domain/schemas/client-config';

type ChapterLinks = ClientConfig['chapter'];

export function SiteFooter({ chapter }: { chapter: ChapterLinks }) {
  const token = PORTAL_TOKENS;
  const links = [
    { label: 'Instagram', href: chapter.photoSharing },
    { label: 'LinkedIn', href: chapter.professionalNetwork },
    { label: 'GitHub', href: chapter.codeHosting },
    { label: 'Website', href: chapter.website },
  ];
  return (
    <footer style={{ padding: '24px 16px', textAlign: 'center' }}>
      <nav aria-label={`${chapter.name} on the web`}>
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 24 }}>
          {links.map((link) => (
            <a
              key={link.label}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              style={{ color: token.colorLink, textDecoration: 'none' }}
            >
              {link.label}
            </a>
          ))}
        </div>
      </nav>
      <div style={{ marginTop: 8, color: token.colorTextSecondary }}>{chapter.name}</div>
    </footer>
  );
}
