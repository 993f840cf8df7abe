import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApplicationResponse } from '@portal/shared/domain';
import { draftResponse, EDITOR_FORM, EDITOR_RESPONSE_ID } from './testing/editor-fixtures';
import { renderEditor } from './testing/render-editor';

const SAVE = `PUT /application/save/${EDITOR_RESPONSE_ID}`;
const savedAs = (body: unknown) => ({
  ...(body as ApplicationResponse),
  version: (body as ApplicationResponse).version + 1,
});

const stepTitles = () => Array.from(document.querySelectorAll('.ant-steps-item-title')).map((el) => el.textContent);
const currentPath = () => screen.getByTestId('current-path').textContent;
const heading = () => screen.getByRole('heading', { level: 3 });
const roleBox = (label: RegExp) =>
  within(screen.getByRole('group', { name: 'Which roles are you applying for?' })).getByRole('checkbox', {
    name: label,
  });
const button = (name: string) => screen.queryByRole('button', { name });

// antd renders slowly when every suite runs in parallel.
jest.setTimeout(30_000);

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

test('without roles only the sections for everyone are steps', () => {
  renderEditor();

  expect(stepTitles()).toEqual(['About You', 'Roles']);
});

test('checking a role shows the sections for it; unchecking hides them again', () => {
  const { saves } = renderEditor({ sectionId: 'roles', routes: { [SAVE]: savedAs } });

  fireEvent.click(roleBox(/Designer$/));
  expect(stepTitles()).toEqual(['About You', 'Roles', 'Design']);
  fireEvent.click(roleBox(/Tech Lead$/));
  expect(stepTitles()).toEqual(['About You', 'Roles', 'Engineering', 'Design']);
  expect(roleBox(/Tech Lead$/)).toBeChecked();

  fireEvent.click(roleBox(/Designer$/));
  expect(stepTitles()).toEqual(['About You', 'Roles', 'Engineering']);
  fireEvent.click(roleBox(/Tech Lead$/));
  expect(stepTitles()).toEqual(['About You', 'Roles']);
  expect(saves()).toHaveLength(0);
});

test('rolesApplied follows the role question in what is saved', async () => {
  const { saves } = renderEditor({ sectionId: 'roles', routes: { [SAVE]: savedAs } });

  fireEvent.click(roleBox(/Designer$/));
  fireEvent.click(roleBox(/Engineer$/));
  fireEvent.click(screen.getByRole('button', { name: 'Save application' }));

  await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 10_000 });
  expect(saves()[0]?.rolesApplied).toEqual(['designer', 'engineer']);
});

test('Next and Previous move along the visible sections only, disabled or replaced at the ends', () => {
  renderEditor({ initial: draftResponse({ 'roles.roles': ['designer'] }, { rolesApplied: ['designer'] }) });

  expect(heading()).toHaveTextContent('About You');
  expect(button('Previous')).toBeDisabled();
  fireEvent.click(button('Next')!);
  expect(heading()).toHaveTextContent('Roles');
  expect(currentPath()).toBe(`/apply/f/${EDITOR_FORM.id}/roles`);
  expect(button('Previous')).toBeEnabled();

  fireEvent.click(button('Next')!);
  expect(heading()).toHaveTextContent('Design');
  expect(currentPath()).toBe(`/apply/f/${EDITOR_FORM.id}/design`);
  expect(button('Next')).not.toBeInTheDocument();
  expect(button('Review and submit')).toBeInTheDocument();

  fireEvent.click(button('Previous')!);
  expect(heading()).toHaveTextContent('Roles');
  fireEvent.click(button('Previous')!);
  expect(heading()).toHaveTextContent('About You');
  expect(button('Previous')).toBeDisabled();
  expect(button('Review and submit')).not.toBeInTheDocument();
});

test('the last visible section changes with the roles chosen', () => {
  renderEditor({ sectionId: 'roles' });

  expect(button('Review and submit')).toBeInTheDocument();
  expect(button('Next')).not.toBeInTheDocument();
  fireEvent.click(roleBox(/Engineer$/));
  expect(button('Review and submit')).not.toBeInTheDocument();
  fireEvent.click(button('Next')!);
  expect(heading()).toHaveTextContent('Engineering');
  expect(button('Review and submit')).toBeInTheDocument();
});

test('a section hidden for the roles chosen is not shown; the editor goes to the first section', () => {
  renderEditor({ sectionId: 'design' });

  expect(heading()).toHaveTextContent('About You');
  expect(currentPath()).toBe(`/apply/f/${EDITOR_FORM.id}/about-you`);
});

test("'Review and submit' saves unsaved edits first, then opens the submit page", async () => {
  const { saves } = renderEditor({ sectionId: 'roles', routes: { [SAVE]: savedAs } });

  fireEvent.click(roleBox(/Bootcamp$/));
  await act(async () => {
    fireEvent.click(button('Review and submit')!);
  });

  await waitFor(() => expect(currentPath()).toBe(`/apply/submit/${EDITOR_FORM.id}`), { timeout: 10_000 });
  expect(saves()).toHaveLength(1);
  expect(saves()[0]?.rolesApplied).toEqual(['bootcamp']);
});
