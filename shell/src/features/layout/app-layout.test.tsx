import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { clientConfig } from '../../lib/client-config';
import { SessionProvider } from '../../lib/identity/session-context';
import { AppLayout } from './app-layout';

function renderLayout() {
  render(
    <SessionProvider>
      <MemoryRouter>
        <AppLayout chapter={clientConfig.chapter} />
      </MemoryRouter>
    </SessionProvider>,
  );
}

test.each([
  ['Instagram', clientConfig.chapter.photoSharing],
  ['LinkedIn', clientConfig.chapter.professionalNetwork],
  ['GitHub', clientConfig.chapter.codeHosting],
  ['Website', clientConfig.chapter.website],
])('the footer links to the chapter on %s in a new tab', (label, href) => {
  renderLayout();

  const footer = screen.getByRole('navigation', { name: 'Example Chapter on the web' });
  const link = within(footer).getByRole('link', { name: label });
  expect(link).toHaveAttribute('href', href);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
});

test('the header links back to the landing page', () => {
  renderLayout();

  expect(screen.getByRole('link', { name: /Application Portal/ })).toHaveAttribute('href', '/');
});
