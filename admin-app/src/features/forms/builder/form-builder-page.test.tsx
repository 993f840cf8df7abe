import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEAM_ROLES } from '@portal/shared/domain/ids/constants';
import { DEFAULT_MESSAGE_TEMPLATES } from '@portal/shared/domain/messages/messages';
import { BLIND_REVIEW_TEXTS } from '@portal/shared/domain/rules/blind-review';
import { FORM_REVISION_MESSAGES } from '@portal/shared/domain/rules/form-revision';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { answer, apiRefusal } from '@portal/jest-support/fake-api';
import { FORM } from '../../../testing/fixtures';
import { renderDor } from '../../../testing/render-dor';
import { toDefinition } from './draft';
import { ROLE_COLOUR_HINT } from './settings-editors';

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

/** FORM as a definition the API takes: with its Team roles question and a review rubric for every role. */
const COMPLETE: ApplicationForm = {
  ...FORM,
  sections: FORM.sections.map((section) =>
    section.sectionId === 'about-you'
      ? {
          ...section,
          questions: [
            ...section.questions,
            { questionId: 'roles', questionType: 'role-select', questionText: 'Which roles are you applying for?' },
          ],
        }
      : section,
  ),
  reviewRubrics: [
    {
      rubricId: 'general',
      roles: [...TEAM_ROLES],
      criteria: [{ key: 'overall', prompt: 'Overall', min: 0, max: 4, weight: 1 }],
    },
  ],
};

const { isActive: _active, decisionsReleased: _released, ...DEFINITION } = COMPLETE;

/** COMPLETE with markdown and a letter: a small real form. */
const STORED: ApplicationForm = {
  ...COMPLETE,
  description: 'Welcome to **our club**.',
  letters: [{ decision: 'accepted', body: 'Welcome, {firstName}!' }],
};

const saved = (save: jest.Mock) => save.mock.calls.at(-1)![0] as ApplicationForm;

async function paste(box: HTMLElement, text: string) {
  await userEvent.click(box);
  await userEvent.paste(text);
}

async function addQuestion(label: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add a question' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: label }));
}

const question = (n: number) => screen.getByRole('group', { name: new RegExp(`^Question ${n} of `) });

test('builds a new form: sections and questions added, reordered and deleted, ids from the texts, then saved', async () => {
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: false, decisionsReleased: false }));
  renderDor('/admin/dor/forms/new', {
    'POST /application/forms': save,
    'GET /forms/fall-2026': answer({ ...COMPLETE, id: 'fall-2026', semester: 'Fall 2026' }),
  });

  expect(await screen.findByRole('heading', { name: 'New form' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: 'Form' }));
  await paste(screen.getByLabelText('Semester'), 'Fall 2026');
  await paste(screen.getByLabelText('Form id'), 'fall-2026');
  await userEvent.click(screen.getByRole('tab', { name: /^Sections/ }));

  // Typed key by key: each id follows its text as it grows.
  await userEvent.type(screen.getByLabelText('Section name'), 'About you');
  expect(screen.getByLabelText('Section id')).toHaveValue('about-you');
  // A new form starts with the Team roles question every form needs.
  expect(within(question(1)).getByLabelText('Question')).toHaveValue('Which roles are you applying for?');
  await addQuestion('Short answer');
  // Pasted whole: the id still comes from the text.
  await paste(within(question(2)).getByLabelText('Question'), 'Your name?');
  expect(within(question(2)).getByLabelText('Question id')).toHaveValue('your-name');
  await addQuestion('Multiple choice');
  await paste(within(question(3)).getByLabelText('Question'), 'Which year?');
  await userEvent.click(screen.getByRole('button', { name: 'Move question 3 "Which year?" up' }));
  expect(within(question(2)).getByLabelText('Question')).toHaveValue('Which year?');

  await userEvent.click(screen.getByRole('button', { name: 'Add a section' }));
  await paste(screen.getAllByLabelText('Section name')[1]!, 'Extra');
  await userEvent.click(screen.getByRole('button', { name: 'Move section 2 "Extra" up' }));
  expect(screen.getAllByLabelText('Section name').map((input) => (input as HTMLInputElement).value)).toEqual([
    'Extra',
    'About you',
  ]);
  await userEvent.click(screen.getByRole('button', { name: 'Delete section 1 "Extra"' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.getAllByLabelText('Section name')).toHaveLength(1));

  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));
  await waitFor(() => expect(save).toHaveBeenCalled());
  const form = saved(save);
  expect(form).toMatchObject({ id: 'fall-2026', semester: 'Fall 2026' });
  expect(form.sections).toEqual([
    {
      sectionId: 'about-you',
      sectionName: 'About you',
      questions: [
        { questionId: 'roles', questionText: 'Which roles are you applying for?', questionType: 'role-select' },
        {
          questionId: 'which-year',
          questionText: 'Which year?',
          questionType: 'multiple-choice',
          options: ['Option 1', 'Option 2'],
        },
        { questionId: 'your-name', questionText: 'Your name?', questionType: 'short-answer' },
      ],
    },
  ]);
  expect(form).not.toHaveProperty('isActive');
  expect(await screen.findByRole('heading', { name: 'Edit Fall 2026' })).toBeInTheDocument();
});

test('a problem from the zod rules shows next to its field, and nothing is posted', async () => {
  const { request } = renderDor('/admin/dor/forms/new', {});
  await screen.findByRole('heading', { name: 'New form' });
  await userEvent.click(screen.getByRole('tab', { name: 'Form' }));
  await paste(screen.getByLabelText('Semester'), 'Fall 2026');
  await paste(screen.getByLabelText('Form id'), 'fall 2026!');

  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));

  const id = screen.getByLabelText('Form id');
  expect(id).toHaveAttribute('aria-invalid', 'true');
  const item = id.closest('.ant-form-item') as HTMLElement;
  expect(within(item).getByText('Use letters, digits, "-" and "_" only')).toBeInTheDocument();
  expect(screen.getByText('Form id: Use letters, digits, "-" and "_" only')).toBeInTheDocument();
  expect(request).not.toHaveBeenCalledWith('POST', '/application/forms', expect.anything());

  await userEvent.clear(id);
  await paste(id, 'fall-2026');
  expect(id).not.toHaveAttribute('aria-invalid');
});

test('a stored form offers "Duplicate for a new semester" among its buttons, which opens the copy', async () => {
  renderDor('/admin/dor/forms/spring-2025/edit', { 'GET /forms/spring-2025': answer(STORED) });
  await userEvent.click(await screen.findByRole('button', { name: 'Duplicate for a new semester' }));

  expect(await screen.findByText(/A copy of Spring 2025/)).toBeInTheDocument();
});

test('duplicates a past form into a new semester: everything copied, new id and semester, not live', async () => {
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: false, decisionsReleased: false }));
  renderDor('/admin/dor/forms/new?from=spring-2025', {
    'GET /forms/spring-2025': answer(STORED),
    'POST /application/forms': save,
    'GET /forms/fall-2026': answer({ ...STORED, id: 'fall-2026' }),
  });
  expect(await screen.findByText(/A copy of Spring 2025/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: 'Form' }));
  await paste(screen.getByLabelText('Semester'), 'Fall 2026');
  await paste(screen.getByLabelText('Form id'), 'fall-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));

  await waitFor(() => expect(save).toHaveBeenCalled());
  const { isActive: _a, decisionsReleased: _r, ...copied } = STORED;
  expect(saved(save)).toEqual(toDefinition({ ...copied, id: 'fall-2026', semester: 'Fall 2026' }));
});

test('an import with a problem loads into the builder with the problem at its field; one that is not a form names its fields', async () => {
  renderDor('/admin/dor/forms/new', {});
  await screen.findByRole('heading', { name: 'New form' });

  await userEvent.click(screen.getByRole('button', { name: 'Import JSON' }));
  await paste(screen.getByRole('textbox', { name: 'Form definition (JSON) to import' }), '{"id": "x", "sections": 3}');
  await userEvent.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).getByText(/^sections: /)).toBeInTheDocument();
  expect(within(dialog).getByText(/^semester: /)).toBeInTheDocument();

  const broken = JSON.parse(JSON.stringify(DEFINITION)) as typeof DEFINITION;
  const choice = broken.sections[1]!.questions[0] as unknown as Record<string, unknown>;
  Object.assign(choice, { questionType: 'multiple-choice', options: ['Yes', 'Yes'] });
  await userEvent.clear(screen.getByRole('textbox', { name: 'Form definition (JSON) to import' }));
  await paste(screen.getByRole('textbox', { name: 'Form definition (JSON) to import' }), JSON.stringify(broken));
  await userEvent.click(screen.getByRole('button', { name: 'Import' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(
    screen.getByText(/^Section 2 ".*" › Question 1 ".*" › Options: Each option may appear once$/),
  ).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /^2\. / }));
  const options = screen.getByLabelText('Options');
  expect(options).toHaveAttribute('aria-invalid', 'true');
  expect(
    within(options.closest('.ant-form-item') as HTMLElement).getByText('Each option may appear once'),
  ).toBeInTheDocument();
});

test('export gives the definition the API takes, and importing it gives the same form back', async () => {
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: true, decisionsReleased: false }));
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer(STORED),
    'POST /application/forms': save,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Export JSON' }));
  const json = (screen.getByRole('textbox', { name: 'Form definition (JSON) to export' }) as HTMLTextAreaElement).value;
  const { isActive: _a, decisionsReleased: _r, ...definition } = STORED;
  expect(JSON.parse(json)).toEqual(toDefinition(definition));
  await userEvent.click(screen.getByRole('button', { name: 'Done' }));

  await userEvent.click(screen.getByRole('button', { name: 'Import JSON' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Form definition (JSON) to import' }), {
    target: { value: json },
  });
  await userEvent.click(screen.getByRole('button', { name: 'Import' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));
  await waitFor(() => expect(save).toHaveBeenCalled());
  expect(saved(save)).toEqual(JSON.parse(json));
});

test('the preview renders the markdown and shows role sections for the roles picked', async () => {
  const form: ApplicationForm = {
    ...STORED,
    sections: [
      { ...FORM.sections[0]!, description: 'Read **this** first' },
      { sectionId: 'eng', sectionName: 'Engineering', forRoles: ['engineer'], questions: [] },
    ],
  };
  renderDor('/admin/dor/forms/spring-2025/edit', { 'GET /forms/spring-2025': answer(form) });
  // jsdom is a narrow screen: the preview is a tab beside the builder.
  await userEvent.click(await screen.findByRole('tab', { name: 'Preview' }));
  const preview = screen.getByRole('region', { name: 'Preview' });
  expect((await within(preview).findByText('this')).tagName).toBe('STRONG');
  expect((await within(preview).findByText('our club')).tagName).toBe('STRONG');
  expect(within(preview).queryByRole('option', { name: /Engineering/ })).not.toBeInTheDocument();
  await userEvent.click(within(preview).getByRole('checkbox', { name: /Engineer/ }));
  await userEvent.click(within(preview).getByRole('button', { name: 'Next' }));
  expect(within(preview).getByRole('heading', { name: 'Engineering' })).toBeInTheDocument();
});

test("the server's refusal to lose answers shows its message and the question's field", async () => {
  const details = [
    {
      path: 'sections.0.questions.0.questionType',
      message: FORM_REVISION_MESSAGES.retyped('Your phone number?', 'short-answer'),
    },
  ];
  const save = jest.fn(() => {
    throw apiRefusal('answers-would-be-lost', FORM_REVISION_MESSAGES.conflict, details);
  });
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer(STORED),
    'POST /application/forms': save,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Save form' }));

  expect(await screen.findByText(FORM_REVISION_MESSAGES.conflict)).toBeInTheDocument();
  expect(
    screen.getByText(/^Section 1 "Contact details" › Question 1 "Your phone number\?" › Type: /),
  ).toBeInTheDocument();
  const type = within(question(1)).getByLabelText('Type');
  expect(within(type.closest('.ant-form-item') as HTMLElement).getByText(details[0]!.message)).toBeInTheDocument();
});

test('closing the tab with unsaved edits asks first; after saving it does not', async () => {
  const leaving = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: false, decisionsReleased: false }));
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer(STORED),
    'POST /application/forms': save,
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Form' }));
  expect(leaving()).toBe(false);
  await paste(screen.getByLabelText('Semester'), ' (edited)');
  expect(leaving()).toBe(true);
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));
  await waitFor(() => expect(save).toHaveBeenCalled());
  await waitFor(() => expect(leaving()).toBe(false));
});

test('a due date in the past is pointed out beside the field', async () => {
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer({ ...STORED, dueDate: '2020-03-01T04:59:00.000Z' }),
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Form' }));
  expect(
    screen.getByText(/^The due date \(.*\) is in the past: the form would take no applications\.$/),
  ).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText(/^Due date \(/));
  await paste(screen.getByLabelText(/^Due date \(/), '2099-03-01T10:00');
  expect(screen.queryByText(/is in the past/)).not.toBeInTheDocument();
});

test("due dates are entered in the form's zone, which the labels name, and saved in UTC across a DST change", async () => {
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: false, decisionsReleased: false }));
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer({ ...STORED, timeZone: 'America/New_York', dueDate: '2026-11-01T05:30:00.000Z' }),
    'POST /application/forms': save,
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Form' }));
  // 05:30 UTC on the night clocks fall back is the first 01:30 in New York (EDT).
  expect(screen.getByLabelText('Due date (Eastern Time)')).toHaveValue('2026-11-01T01:30');
  await userEvent.clear(screen.getByLabelText('Due date (Eastern Time)'));
  await paste(screen.getByLabelText('Due date (Eastern Time)'), '2026-11-02T09:00');
  await paste(screen.getByLabelText('Reviews due (optional, Eastern Time)'), '2026-03-08T03:00');
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));

  await waitFor(() => expect(save).toHaveBeenCalled());
  expect(saved(save).dueDate).toBe('2026-11-02T14:00:00.000Z');
  expect(saved(save).reviewDueDate).toBe('2026-03-08T07:00:00.000Z');
});

test('the disagreement threshold is set under Rubrics, saved with the form and carried in its JSON', async () => {
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: false, decisionsReleased: false }));
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer(STORED),
    'POST /application/forms': save,
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Rubrics' }));
  // Its points are calibrated scores' (docs/product.md#calibrated-scores-and-disagreement).
  expect(
    screen.getByText(/reviewers' calibrated scores \(each reviewer's leniency and spread taken out\) differ/),
  ).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Flag disagreement above (points)'), '1.5');
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));

  await waitFor(() => expect(save).toHaveBeenCalled());
  expect(saved(save).disagreementThreshold).toBe(1.5);
  expect(JSON.parse(JSON.stringify(toDefinition({ ...DEFINITION, disagreementThreshold: 2 })))).toMatchObject({
    disagreementThreshold: 2,
  });
});

test('the interview booking cut-off is set under Rubrics and saved with the form', async () => {
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: false, decisionsReleased: false }));
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer(STORED),
    'POST /application/forms': save,
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Rubrics' }));
  await userEvent.type(screen.getByLabelText('Interview booking cut-off (hours)'), '48');
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));

  await waitFor(() => expect(save).toHaveBeenCalled());
  expect(saved(save).interviewCutoffHours).toBe(48);
});

test('a negative disagreement threshold is refused beside its field, and nothing is posted', async () => {
  const save = jest.fn();
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer({ ...STORED, disagreementThreshold: -1 }),
    'POST /application/forms': save,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Save form' }));

  expect(await screen.findByText(/^Flag disagreement above: /)).toBeInTheDocument();
  expect(save).not.toHaveBeenCalled();
});

test('blind review: a stage switched on and a question marked identifying are saved with the form', async () => {
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: false, decisionsReleased: false }));
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer(STORED),
    'POST /application/forms': save,
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Form' }));
  await userEvent.click(screen.getByRole('checkbox', { name: BLIND_REVIEW_TEXTS.stageSwitch.review }));
  await userEvent.click(screen.getByRole('tab', { name: /^Sections/ }));
  await userEvent.click(within(question(1)).getByRole('checkbox', { name: BLIND_REVIEW_TEXTS.identifying }));
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));

  await waitFor(() => expect(save).toHaveBeenCalled());
  const form = saved(save);
  expect(form.blindReview).toEqual({ review: true });
  expect(form.sections[0]!.questions[0]).toMatchObject({ identifying: true });
  expect(form.sections[0]!.questions.slice(1).some((each) => each.identifying)).toBe(false);
});

test('the emails tab edits a template from its default, refuses an unknown placeholder beside the field, and resets', async () => {
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: true, decisionsReleased: false }));
  const { request } = renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer(STORED),
    'POST /application/forms': save,
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Emails' }));
  const receipt = screen.getByText('Submission receipt').closest('.ant-card') as HTMLElement;
  // The card's first field is its subject.
  const subject = within(receipt).getAllByRole('textbox')[0]!;
  expect(subject).toHaveValue(DEFAULT_MESSAGE_TEMPLATES.submissionReceipt.subject);
  await userEvent.clear(subject);
  await paste(subject, 'Thanks, {nickname}');
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));
  expect(await within(receipt).findByText(/^Unknown placeholder \{nickname\}/)).toBeInTheDocument();
  expect(request).not.toHaveBeenCalledWith('POST', '/application/forms', expect.anything());

  // Back to the default, then edited again and saved.
  await userEvent.click(within(receipt).getByRole('button', { name: 'Use the default' }));
  expect(within(receipt).getAllByRole('textbox')[0]).toHaveValue(DEFAULT_MESSAGE_TEMPLATES.submissionReceipt.subject);
  await userEvent.clear(within(receipt).getAllByRole('textbox')[0]!);
  await paste(within(receipt).getAllByRole('textbox')[0]!, 'Thanks, {firstName}');
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));
  await waitFor(() => expect(save).toHaveBeenCalled());
  expect(saved(save).messages).toEqual({
    submissionReceipt: { ...DEFAULT_MESSAGE_TEMPLATES.submissionReceipt, subject: 'Thanks, {firstName}' },
  });
});

test('roles: a new role takes its id from its name, a pale colour is refused as it is typed, and deleting a role takes its references with it', async () => {
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: false, decisionsReleased: false }));
  renderDor('/admin/dor/forms/new', { 'POST /application/forms': save });
  await screen.findByRole('heading', { name: 'New form' });
  await userEvent.click(screen.getByRole('tab', { name: 'Form' }));
  await paste(screen.getByLabelText('Semester'), 'Fall 2026');
  await paste(screen.getByLabelText('Form id'), 'fall-2026');
  await userEvent.click(screen.getByRole('tab', { name: /^Sections/ }));
  await paste(screen.getByLabelText('Section name'), 'About you');

  await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
  await userEvent.click(screen.getByRole('button', { name: 'Add a role' }));
  await paste(screen.getAllByLabelText('Name').at(-1)!, 'Treasurer');
  expect(screen.getAllByLabelText('Role id').at(-1)).toHaveValue('treasurer');
  const colour = screen.getAllByLabelText('Text colour').at(-1)!;
  expect(screen.getAllByText(ROLE_COLOUR_HINT).length).toBeGreaterThan(0);
  await paste(colour, '#ffe8a3');
  // Said at once, before any save.
  expect(colour).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText(/^Too pale to read: this colour is the badge's text/)).toBeInTheDocument();
  await userEvent.clear(colour);
  await paste(colour, '#1f6feb');
  expect(colour).not.toHaveAttribute('aria-invalid');

  // The new role needs a review rubric: a new one is for the roles no rubric covers yet.
  await userEvent.click(screen.getByRole('tab', { name: 'Rubrics' }));
  await userEvent.click(screen.getByRole('button', { name: 'Add a review rubric' }));
  await paste(screen.getAllByLabelText('Criterion').at(-1)!, 'Care with money');
  expect(screen.getAllByLabelText('Key').at(-1)).toHaveValue('care-with-money');
  const overall = screen.getAllByLabelText('Criterion')[0]!;
  await userEvent.clear(overall);
  await paste(overall, 'Impact');
  expect(screen.getAllByLabelText('Key')[0]).toHaveValue('impact');

  // Bootcamp is named by the first rubric and the review rule: the dialog lists them.
  await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete role "Bootcamp"' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete the role "Bootcamp"?' });
  expect(
    within(within(dialog).getByRole('list', { name: 'Where Bootcamp is used' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Review rubric "general"', 'Who reviews what: every reviewer must review it']);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the role' }));

  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));
  await waitFor(() => expect(save).toHaveBeenCalled());
  const form = saved(save);
  expect(form.roles!.map((role) => role.id)).toEqual([
    ...TEAM_ROLES.filter((role) => role !== 'bootcamp'),
    'treasurer',
  ]);
  expect(form.roles!.at(-1)).toEqual({ id: 'treasurer', label: 'Treasurer', color: '#1f6feb' });
  expect(form.reviewRubrics.map((rubric) => [rubric.rubricId, rubric.roles, rubric.criteria[0]!.key])).toEqual([
    ['general', TEAM_ROLES.filter((role) => role !== 'bootcamp'), 'impact'],
    ['review', ['treasurer'], 'care-with-money'],
  ]);
  expect(form.reviewRoleRule).toEqual({ minimum: 3 });
});

test('an interview rubric is added for every role, under a button that reads right', async () => {
  renderDor('/admin/dor/forms/spring-2025/edit', { 'GET /forms/spring-2025': answer(STORED) });
  await userEvent.click(await screen.findByRole('tab', { name: 'Rubrics' }));
  await userEvent.click(screen.getByRole('button', { name: 'Add an interview rubric' }));
  const rubric = screen.getByText('Interview rubric: interview').closest('.ant-card') as HTMLElement;
  expect(within(rubric).getAllByText(/Bootcamp|Engineer|Designer/).length).toBeGreaterThanOrEqual(3);
  // A stored criterion keeps its key: reviews hold scores under it.
  const overall = screen.getAllByLabelText('Criterion')[0]!;
  await userEvent.clear(overall);
  await paste(overall, 'Impact');
  expect(screen.getAllByLabelText('Key')[0]).toHaveValue('overall');
});

test('blind review says that it does not hide what a file says, and a file question can be hidden on blind stages', async () => {
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: false, decisionsReleased: false }));
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer(STORED),
    'POST /application/forms': save,
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Form' }));
  expect(screen.getByText(BLIND_REVIEW_TEXTS.filesNotice)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: /^Sections/ }));
  await addQuestion('File upload');
  const file = question(2);
  await paste(within(file).getByLabelText('Question'), 'Your resume');
  expect(within(file).getByText(BLIND_REVIEW_TEXTS.fileNotice)).toBeInTheDocument();
  await userEvent.click(within(file).getByRole('checkbox', { name: BLIND_REVIEW_TEXTS.identifyingFile }));
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));

  await waitFor(() => expect(save).toHaveBeenCalled());
  expect(saved(save).sections[0]!.questions[1]).toMatchObject({
    questionId: 'your-resume',
    questionType: 'file-upload',
    identifying: true,
  });
});

test('saving keeps the tab that was open', async () => {
  let stored = STORED;
  const save = jest.fn((body: unknown) => {
    stored = { ...(body as ApplicationForm), isActive: false, decisionsReleased: false };
    return stored;
  });
  const load = jest.fn(() => stored);
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': load,
    'POST /application/forms': save,
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Letters' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));

  await waitFor(() => expect(save).toHaveBeenCalled());
  // The builder loads the saved form again: still on Letters.
  await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  expect(await screen.findByRole('tab', { name: 'Letters' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Letters' })).toHaveAttribute('aria-selected', 'true');
});
