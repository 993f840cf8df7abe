import { fireEvent, render, screen } from '@testing-library/react';
import { Link as RouterLink, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Link } from './index';

/** Where the router is, and the history state it was given. */
function Where() {
  const location = useLocation();
  return (
    <output aria-label="where">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</output>
  );
}

function renderAt(path: string, link: React.ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/apply/*" element={link} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

test('a plain click navigates in the page, with its history state; the href is the resolved path', () => {
  renderAt(
    '/apply',
    <Link to="/login?next=%2Fapply" state={{ from: 'apply' }}>
      Log In
    </Link>,
  );
  const link = screen.getByRole('link', { name: 'Log In' });
  expect(link).toHaveAttribute('href', '/login?next=%2Fapply');

  const notPrevented = fireEvent.click(link, { button: 0 });

  expect(notPrevented).toBe(false);
  expect(screen.getByLabelText('where')).toHaveTextContent('/login?next=%2Fapply {"from":"apply"}');
});

test.each(['status', '../profile', '.', '/login?next=x#top', { pathname: '/admin', search: '?tab=all' }])(
  "its href for %j is the one react-router's own Link gives",
  (to) => {
    renderAt(
      '/apply/overview',
      <>
        <Link to={to}>Ours</Link>
        <RouterLink to={to}>Theirs</RouterLink>
      </>,
    );
    const theirs = screen.getByRole('link', { name: 'Theirs' }).getAttribute('href');
    expect(theirs).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ours' })).toHaveAttribute('href', theirs);
  },
);

test.each([
  ['a click with Ctrl (a new tab)', { button: 0, ctrlKey: true }],
  ['a click with Shift (a new window)', { button: 0, shiftKey: true }],
  ['a middle click', { button: 1 }],
])('%s is left to the browser', (_, init) => {
  renderAt('/apply', <Link to="/profile">Profile</Link>);
  const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'Profile' }), init);
  expect(notPrevented).toBe(true);
  expect(screen.getByLabelText('where')).toHaveTextContent('/apply null');
});

test('a link that opens another tab (target="_blank") is left to the browser', () => {
  renderAt(
    '/apply',
    <Link to="/privacy" target="_blank">
      Privacy
    </Link>,
  );
  const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'Privacy' }), { button: 0 });
  expect(notPrevented).toBe(true);
  expect(screen.getByLabelText('where')).toHaveTextContent('/apply null');
});

test("the link's own onClick runs first, and can keep the page where it is", () => {
  const onClick = jest.fn((event: React.MouseEvent) => event.preventDefault());
  renderAt(
    '/apply',
    <Link to="/profile" onClick={onClick}>
      Profile
    </Link>,
  );
  fireEvent.click(screen.getByRole('link', { name: 'Profile' }), { button: 0 });
  expect(onClick).toHaveBeenCalledTimes(1);
  expect(screen.getByLabelText('where')).toHaveTextContent('/apply null');
});

test.each([
  [true, '/start'],
  [false, '/apply'],
])('with replace %s, going back from the page it opened returns to %s', (replace, back) => {
  function GoBack() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    );
  }
  render(
    <MemoryRouter initialEntries={['/start', '/apply']} initialIndex={1}>
      <Routes>
        <Route
          path="/apply"
          element={
            <Link to="/profile" replace={replace}>
              Profile
            </Link>
          }
        />
        <Route path="*" element={<GoBack />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('link', { name: 'Profile' }), { button: 0 });
  expect(screen.getByLabelText('where')).toHaveTextContent('/profile null');
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(screen.getByLabelText('where')).toHaveTextContent(`${back} null`);
});
