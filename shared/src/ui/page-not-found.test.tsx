import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Route, Routes } from '@portal/shared/router';
import { PageNotFound } from './page-not-found';

test('an unknown page says so and leads back to the home page', async () => {
  render(
    <MemoryRouter initialEntries={['/no/such/page']}>
      <Routes>
        <Route path="/" element={<p>Landing page</p>} />
        <Route path="*" element={<PageNotFound />} />
      </Routes>
    </MemoryRouter>,
  );

  expect(await screen.findByText('Page not found')).toBeInTheDocument();
  // The page's one top-level heading.
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Back to the home page' }));

  expect(screen.getByText('Landing page')).toBeInTheDocument();
  expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
});
