import { screen, waitFor } from '@testing-library/react';
import ApplicantRoutes from '../../app/routes';
import { answer } from '../../../../tools/jest/fake-api';
import { renderApplicantApp } from '../common/testing/render-applicant-app';
import { draftResponse, EDITOR_FORM } from './testing/editor-fixtures';

const mockConflictDialog = { loads: 0 };

// The conflict dialog's code: counted when fetched.
jest.mock('./conflict-dialog', () => {
  mockConflictDialog.loads += 1;
  return jest.requireActual('./conflict-dialog');
});

jest.setTimeout(30_000);

beforeEach(() => {
  window.localStorage.clear();
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test("opening the editor fetches the conflict dialog's code, before any conflict, so it can open offline", async () => {
  renderApplicantApp(ApplicantRoutes, {
    path: `/apply/f/${EDITOR_FORM.id}/about-you`,
    routes: {
      [`GET /forms/${EDITOR_FORM.id}`]: answer(EDITOR_FORM),
      'POST /responses': answer(draftResponse()),
      'GET /responses/mine': answer({ items: [] }),
    },
  });

  expect(await screen.findByRole('heading', { name: 'About You', level: 2 })).toBeInTheDocument();
  await waitFor(() => expect(mockConflictDialog.loads).toBe(1));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
