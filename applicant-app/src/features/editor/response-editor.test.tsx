import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import { draftResponse, EDITOR_FORM, EDITOR_RESPONSE_ID } from './testing/editor-fixtures';
import { renderEditor } from './testing/render-editor';

const SAVE = `PUT /application/save/${EDITOR_RESPONSE_ID}`;
const savedAs = (body: unknown) => ({
  ...(body as ApplicationResponse),
  version: (body as ApplicationResponse).version + 1,
});

const nav = () => screen.getByRole('navigation', { name: 'Sections of the application' });
/** The section names in the section menu (opened if folded, as on a narrow screen). */
const stepTitles = () => {
  const toggle = within(nav()).getByRole('button');
  if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
  const names = within(nav())
    .getAllByRole('link')
    .map((link) => link.textContent?.replace(/^(\d+|✓)/, '').replace(' (complete)', ''));
  fireEvent.click(toggle);
  return names;
};
const currentPath = () => screen.getByTestId('current-path').textContent;
const heading = () => screen.getByRole('heading', { level: 2 });
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

test('unticking a role whose sections hold answers warns first; discarding drops them from what is saved', async () => {
  const { saves } = renderEditor({
    sectionId: 'roles',
    initial: draftResponse(
      { 'roles.roles': ['designer', 'engineer'], 'design.portfolio': 'me.design', 'engineering.project': 'A game' },
      { rolesApplied: ['designer', 'engineer'] },
    ),
    routes: { [SAVE]: savedAs },
  });
  expect(screen.getByText('Unticking a role discards your answers to the sections for that role.')).toBeVisible();

  fireEvent.click(roleBox(/Designer$/));
  expect(screen.getByRole('alert')).toHaveTextContent('Unticking this role discards your answers in "Design".');
  expect(roleBox(/Designer$/)).toBeChecked();
  fireEvent.click(screen.getByRole('button', { name: 'Keep the role' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(roleBox(/Designer$/)).toBeChecked();
  expect(stepTitles()).toEqual(['About You', 'Roles', 'Engineering', 'Design']);

  fireEvent.click(roleBox(/Designer$/));
  fireEvent.click(screen.getByRole('button', { name: 'Discard the answers' }));
  expect(roleBox(/Designer$/)).not.toBeChecked();
  expect(stepTitles()).toEqual(['About You', 'Roles', 'Engineering']);
  // Ticked again, the section is empty: its answers went with the untick.
  fireEvent.click(roleBox(/Designer$/));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  fireEvent.click(roleBox(/Designer$/));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Save application' }));
  await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 10_000 });
  const answers = Object.fromEntries(
    saves()[0]!.sectionResponses.flatMap((section) =>
      section.questions.map((q) => [`${section.sectionId}.${q.questionId}`, q.response]),
    ),
  );
  expect(answers).toMatchObject({
    'design.portfolio': '',
    'engineering.project': 'A game',
    'roles.roles': ['engineer'],
  });
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

describe('long forms', () => {
  test("the section menu says 'Section 2 of 4' and names the section; a link opens another section", () => {
    renderEditor({ sectionId: 'roles', initial: draftResponse({ 'roles.roles': ['designer', 'engineer'] }) });

    const toggle = within(nav()).getByRole('button', { name: /Section 2 of 4: Roles/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(within(nav()).getByRole('link', { name: /Roles/ })).toHaveAttribute('aria-current', 'step');
    fireEvent.click(within(nav()).getByRole('link', { name: /Design/ }));

    expect(heading()).toHaveTextContent('Design');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('a section whose questions are all answered is marked complete', () => {
    renderEditor({ initial: draftResponse({ 'about-you.preferred-name': 'Nova', 'about-you.year': 'First year' }) });

    fireEvent.click(within(nav()).getByRole('button'));
    expect(within(nav()).getByRole('link', { name: /About You \(complete\)/ })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Roles' })).toBeInTheDocument();
  });
});

describe('opening the editor', () => {
  /** A form whose second section asks only optional questions (a survey, say). */
  const OPTIONAL_FORM = {
    ...EDITOR_FORM,
    sections: [
      EDITOR_FORM.sections[0]!,
      {
        sectionId: 'extras',
        sectionName: 'Anything else',
        questions: [
          {
            questionId: 'full-name',
            questionType: 'short-answer' as const,
            questionText: 'Full Name',
            optional: true,
          },
          {
            questionId: 'notes',
            questionType: 'long-answer' as const,
            questionText: 'Anything we should know?',
            optional: true,
          },
        ],
      },
      EDITOR_FORM.sections[1]!,
    ],
  };
  const optionalDraft = () => ({
    ...draftResponse(),
    sectionResponses: OPTIONAL_FORM.sections.map((section) => ({
      sectionId: section.sectionId,
      sectionName: section.sectionName,
      questions: section.questions.map((question) => ({
        questionId: question.questionId,
        questionType: question.questionType,
        applicationFormId: OPTIONAL_FORM.id,
        response: question.questionType === 'role-select' ? [] : '',
      })),
    })),
  });
  const stepLink = (name: RegExp) => {
    const toggle = within(nav()).getByRole('button');
    if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
    return within(nav()).getByRole('link', { name });
  };

  test('a section of optional questions only is not complete before it is opened, and is once it was', () => {
    renderEditor({ form: OPTIONAL_FORM, initial: optionalDraft() });

    expect(stepLink(/Anything else/)).toHaveAccessibleName('Anything else');
    fireEvent.click(stepLink(/Anything else/));
    expect(heading()).toHaveTextContent('Anything else');
    expect(stepLink(/Anything else/)).toHaveAccessibleName('Anything else (complete)');
    fireEvent.click(stepLink(/About You/));
    expect(stepLink(/Anything else/)).toHaveAccessibleName('Anything else (complete)');
  });

  test('an optional section with an answer given earlier is complete', () => {
    const initial = optionalDraft();
    initial.sectionResponses[1]!.questions[1]!.response = 'I can start in March.';
    renderEditor({ form: OPTIONAL_FORM, initial });

    expect(stepLink(/Anything else/)).toHaveAccessibleName('Anything else (complete)');
  });

  test('a short answer without a word limit shows no word count; a long answer and a limited one do', () => {
    renderEditor({ form: OPTIONAL_FORM, initial: optionalDraft(), sectionId: 'extras' });

    const name = screen.getByRole('textbox', { name: 'Full Name (optional)' });
    fireEvent.change(name, { target: { value: 'Nova Quinn' } });
    expect(name).not.toHaveAccessibleDescription();
    expect(screen.queryByText('2 words')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Anything we should know? (optional)' })).toHaveAccessibleDescription(
      '0 words',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('textbox', { name: 'What name do you go by?' })).toHaveAccessibleDescription(
      '0 words (at most 10)',
    );
  });

  test('the focus starts at the heading of the section, not on the page', () => {
    renderEditor({ sectionId: 'roles' });

    expect(screen.getByRole('heading', { name: 'Roles', level: 2 })).toHaveFocus();
  });

  test("from the review page's list of what needs attention, the focus starts at that question", () => {
    renderEditor({
      initial: draftResponse({ 'roles.roles': ['designer'] }, { rolesApplied: ['designer'] }),
      sectionId: 'design',
      state: { showIssues: true, focusQuestion: 'design-process' },
    });

    expect(screen.getByRole('textbox', { name: 'Walk us through your design process.' })).toHaveFocus();
    // Only when the editor opens: another section starts at its heading again.
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { name: 'Roles', level: 2 })).toHaveFocus();
  });
});

describe('each question', () => {
  const form = {
    ...EDITOR_FORM,
    sections: [
      {
        sectionId: 'about-you',
        sectionName: 'About You',
        questions: [
          {
            questionId: 'pronouns',
            questionType: 'short-answer' as const,
            questionText: 'If you chose to self-describe, how?',
            secondaryText: 'Only the recruitment director sees this.',
            optional: true,
            maxWords: 3,
          },
          {
            questionId: 'causes',
            questionType: 'multiple-select' as const,
            questionText: 'Which causes matter most to you?',
            secondaryText: 'Pick any.',
            options: ['Education', 'Health', 'None of the above'],
            exclusiveOptions: ['None of the above'],
          },
          {
            questionId: 'why',
            questionType: 'long-answer' as const,
            questionText: 'Why do you want to join?',
            minWords: 3,
          },
        ],
      },
      EDITOR_FORM.sections[1]!,
    ],
  };
  const initial = () => ({
    ...draftResponse(),
    sectionResponses: [
      {
        sectionId: 'about-you',
        sectionName: 'About You',
        questions: [
          { questionId: 'pronouns', questionType: 'short-answer' as const, applicationFormId: form.id, response: '' },
          { questionId: 'causes', questionType: 'multiple-select' as const, applicationFormId: form.id, response: [] },
          { questionId: 'why', questionType: 'long-answer' as const, applicationFormId: form.id, response: '' },
        ],
      },
      draftResponse().sectionResponses[1]!,
    ],
  });

  test('is named by its prompt and described by its help text and limits; a group of options is a named group', () => {
    renderEditor({ form, initial: initial() });

    const pronouns = screen.getByRole('textbox', { name: 'If you chose to self-describe, how? (optional)' });
    expect(pronouns).toHaveAccessibleDescription('Only the recruitment director sees this. 0 words (at most 3)');
    const causes = screen.getByRole('group', { name: 'Which causes matter most to you?' });
    expect(causes).toHaveAccessibleDescription(/^Pick any\./);
    expect(within(causes).getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Why do you want to join?' })).toBeRequired();
  });

  test('the help text sits between the prompt and the input', () => {
    renderEditor({ form, initial: initial() });

    const label = screen.getByText('If you chose to self-describe, how?');
    const help = screen.getByText('Only the recruitment director sees this.');
    const input = screen.getByRole('textbox', { name: /self-describe/ });
    expect(label.compareDocumentPosition(help) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(help.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test("clicking the prompt focuses the question's input", async () => {
    renderEditor({ form, initial: initial() });

    await userEvent.click(screen.getByText('Why do you want to join?'));

    expect(screen.getByRole('textbox', { name: 'Why do you want to join?' })).toHaveFocus();
  });

  test('an exclusive option clears the others, and another option clears it', () => {
    renderEditor({ form, initial: initial() });
    const box = (name: string) => screen.getByRole('checkbox', { name });

    fireEvent.click(box('Education'));
    fireEvent.click(box('Health'));
    fireEvent.click(box('None of the above'));
    expect(box('None of the above')).toBeChecked();
    expect(box('Education')).not.toBeChecked();
    expect(box('Health')).not.toBeChecked();

    fireEvent.click(box('Health'));
    expect(box('Health')).toBeChecked();
    expect(box('None of the above')).not.toBeChecked();
  });

  test('a word limit is shown next to the question as the applicant types', () => {
    renderEditor({ form, initial: initial() });
    const pronouns = screen.getByRole('textbox', { name: /self-describe/ });

    fireEvent.change(pronouns, { target: { value: 'they them theirs' } });
    expect(screen.queryByText(/Write at most/)).not.toBeInTheDocument();
    fireEvent.change(pronouns, { target: { value: 'they them theirs please' } });

    expect(screen.getByText('Write at most 3 words (now 4)')).toBeInTheDocument();
    expect(pronouns).toHaveAttribute('aria-invalid', 'true');
    expect(pronouns).toHaveAccessibleDescription(/Write at most 3 words \(now 4\)$/);
  });

  test('words joined by slashes or hyphens count as the API counts them', () => {
    renderEditor({ form, initial: initial() });
    const pronouns = screen.getByRole('textbox', { name: /self-describe/ });

    fireEvent.change(pronouns, { target: { value: 'they/them/theirs-please' } });
    expect(screen.getByText('Write at most 3 words (now 4)')).toBeInTheDocument();
  });

  test("'needs an answer' shows once the applicant leaves an empty question, not before", () => {
    renderEditor({ form, initial: initial() });
    const why = screen.getByRole('textbox', { name: 'Why do you want to join?' });

    fireEvent.focus(why);
    expect(screen.queryByText('This question needs an answer')).not.toBeInTheDocument();
    fireEvent.blur(why);

    expect(screen.getByText('This question needs an answer')).toBeInTheDocument();
  });

  test("coming back from the review page ('Edit'), every problem of the section shows at once", () => {
    renderEditor({ form, initial: initial(), state: { showIssues: true } });

    const why = screen.getByRole('textbox', { name: 'Why do you want to join?' });
    expect(why).toHaveAccessibleDescription('0 words (at least 3) This question needs an answer');
    expect(screen.getAllByText('This question needs an answer')).toHaveLength(2);
    expect(screen.queryByText(/self-describe.*needs/)).not.toBeInTheDocument();
  });
});

/**
 * A club whose teams are its own (docs/product.md#team-roles): Treasurer and Events, each with a
 * section of its own.
 */
const CLUB_FORM = {
  ...EDITOR_FORM,
  roles: [
    { id: 'treasurer', label: 'Treasurer', description: 'Keeps the books', emoji: '💰' },
    { id: 'events', label: 'Events' },
  ],
  sections: [
    EDITOR_FORM.sections[0]!,
    EDITOR_FORM.sections[1]!,
    {
      sectionId: 'money',
      sectionName: 'Budgets',
      forRoles: ['treasurer'],
      questions: [{ questionId: 'budget', questionType: 'long-answer' as const, questionText: 'A budget you kept' }],
    },
    {
      sectionId: 'party',
      sectionName: 'Parties',
      forRoles: ['events'],
      questions: [{ questionId: 'event', questionType: 'long-answer' as const, questionText: 'An event you ran' }],
    },
  ],
};

test("the role question offers the form's own roles, and their sections follow the choice", async () => {
  const { saves } = renderEditor({ form: CLUB_FORM, sectionId: 'roles', routes: { [SAVE]: savedAs } });

  const group = screen.getByRole('group', { name: 'Which roles are you applying for?' });
  expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
  expect(within(group).queryByRole('checkbox', { name: /Engineer/ })).not.toBeInTheDocument();
  expect(within(group).getByText('Keeps the books')).toBeInTheDocument();

  fireEvent.click(roleBox(/Treasurer/));
  expect(stepTitles()).toEqual(['About You', 'Roles', 'Budgets']);
  fireEvent.click(roleBox(/Events$/));
  expect(stepTitles()).toEqual(['About You', 'Roles', 'Budgets', 'Parties']);

  fireEvent.click(screen.getByRole('button', { name: 'Save application' }));
  await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 10_000 });
  expect(saves()[0]?.rolesApplied).toEqual(['treasurer', 'events']);
});
