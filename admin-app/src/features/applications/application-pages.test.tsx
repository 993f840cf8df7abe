import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, apiError, fail } from '@portal/jest-support/fake-api';
import {
  FORM,
  FORM_ID,
  RESPONSE,
  RESPONSE_ID,
  STAFF,
  assessment,
  page,
  staffApplication,
} from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);

const APPLICATION = `GET /admin/responses/${RESPONSE_ID}`;

test('the application page shows the applicant, each role’s row and every section', async () => {
  renderDor(`/admin/dor/application/${FORM_ID}/${RESPONSE_ID}`, { [APPLICATION]: answer(staffApplication()) });

  expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(screen.getByText('ada@example.org · Spring 2025')).toBeInTheDocument();
  const engineer = within(screen.getByRole('region', { name: 'Engineer application' }));
  expect(engineer.getByText('Under review')).toBeInTheDocument();
  expect(engineer.getByText('3.46')).toBeInTheDocument();
  expect(engineer.getByRole('link', { name: '1/2' })).toHaveAttribute('href', `/admin/dor/reviews/${RESPONSE_ID}`);
  expect(engineer.getByRole('link', { name: '0/1' })).toHaveAttribute('href', `/admin/dor/interviews/${RESPONSE_ID}`);
  expect(engineer.getByText('Not decided')).toBeInTheDocument();
  // Every section, the one hidden from reviewers too.
  expect(screen.getByRole('region', { name: 'Contact details' })).toHaveTextContent('555-0100');
  expect(screen.getByRole('region', { name: 'About You' })).toHaveTextContent('Ada');
  expect(screen.getByRole('region', { name: 'Engineering' })).toHaveTextContent('An engine.');
  expect(screen.getByRole('link', { name: 'See reviews' })).toHaveAttribute(
    'href',
    `/admin/dor/reviews/${RESPONSE_ID}`,
  );
  expect(screen.getByRole('link', { name: 'See interviews' })).toHaveAttribute(
    'href',
    `/admin/dor/interviews/${RESPONSE_ID}`,
  );
});

test('the reviews page lists the assignments, opens them at the first section reviewers see, and unassigns', async () => {
  const remove = jest.fn(() => null);
  renderDor(`/admin/dor/reviews/${RESPONSE_ID}`, {
    [APPLICATION]: answer(staffApplication()),
    [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
    'DELETE /admin/assessments/review/rev-2': remove,
  });

  expect(await screen.findByRole('heading', { name: 'Reviews for Ada Lovelace' })).toBeInTheDocument();
  const grace = within(screen.getByText('Grace Hopper').closest('tr') as HTMLElement);
  const alan = within(screen.getByText('Alan Turing').closest('tr') as HTMLElement);
  expect(grace.getByText('Submitted')).toBeInTheDocument();
  expect(grace.getByText('skill: 3')).toBeInTheDocument();
  expect(grace.getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    `/admin/review/f/${FORM_ID}/${RESPONSE_ID}/about-you/rev-1`,
  );
  expect(grace.getByRole('button', { name: 'Unassign' })).toBeDisabled();
  expect(alan.getByText('Draft')).toBeInTheDocument();

  await userEvent.click(alan.getByRole('button', { name: 'Unassign' }));
  expect(await screen.findByText('Unassign Alan Turing?')).toBeInTheDocument();
  expect(remove).not.toHaveBeenCalled();
  // The confirmation's own 'Unassign' comes last (it opens in a popup at the end of the page).
  await userEvent.click(screen.getAllByRole('button', { name: 'Unassign' }).at(-1)!);

  await waitFor(() => expect(remove).toHaveBeenCalled());
  expect(screen.getByRole('combobox', { name: 'Reviewer' })).toBeInTheDocument();
});

test('the interviews page opens each interview on the interview screen', async () => {
  renderDor(`/admin/dor/interviews/${RESPONSE_ID}`, {
    [APPLICATION]: answer(staffApplication()),
    [`GET /admin/forms/${FORM_ID}/staff?kind=interview`]: answer({ items: STAFF }),
  });

  expect(await screen.findByRole('heading', { name: 'Interviews for Ada Lovelace' })).toBeInTheDocument();
  const alan = within(screen.getByText('Alan Turing').closest('tr') as HTMLElement);
  expect(alan.getByText('Not started')).toBeInTheDocument();
  expect(alan.getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    `/admin/interview/f/${FORM_ID}/${RESPONSE_ID}/int-1`,
  );
  expect(screen.getByRole('combobox', { name: 'Interviewer' })).toBeInTheDocument();
});

test.each([
  ['reviewer', 'review', 'Assigned reviews', `/admin/review/f/${FORM_ID}/${RESPONSE_ID}/about-you/rev-1`],
  ['interviewer', 'interview', 'Assigned interviews', `/admin/interview/f/${FORM_ID}/${RESPONSE_ID}/rev-1`],
])('the %s page lists that staff member’s assessments', async (segment, kind, heading, open) => {
  renderDor(`/admin/dor/${segment}/${FORM_ID}/grace-uid`, {
    [`GET /admin/forms/${FORM_ID}/assessments?kind=${kind}&staffId=grace-uid`]: answer(
      page([
        assessment({ kind: kind as 'review' }),
        assessment({ id: 'rev-9', applicantName: 'Bo Chen', state: 'draft', score: null }),
      ]),
    ),
    [`GET /forms/${FORM_ID}`]: answer(FORM),
  });

  expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  const ada = within(screen.getByRole('link', { name: 'Ada Lovelace' }).closest('tr') as HTMLElement);
  expect(ada.getByText('Engineer')).toBeInTheDocument();
  expect(ada.getByText('Submitted')).toBeInTheDocument();
  expect(ada.getByText('3.00')).toBeInTheDocument();
  await waitFor(() => expect(ada.getByRole('link', { name: 'Open' })).toHaveAttribute('href', open));
  const bo = within(screen.getByRole('link', { name: 'Bo Chen' }).closest('tr') as HTMLElement);
  expect(bo.getByText('Draft')).toBeInTheDocument();
  expect(bo.getByText('—')).toBeInTheDocument();
  expect(screen.getByText(`2 ${kind}s assigned`)).toBeInTheDocument();
});

test('the application page leads to the response page', async () => {
  renderDor(`/admin/dor/application/${FORM_ID}/${RESPONSE_ID}`, { [APPLICATION]: answer(staffApplication()) });

  await userEvent.click(await screen.findByRole('link', { name: 'The response and its status' }));
  expect(await screen.findByRole('heading', { name: 'Response of Ada Lovelace' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Reviews and decisions' })).toHaveAttribute(
    'href',
    `/admin/dor/application/${FORM_ID}/${RESPONSE_ID}`,
  );
});

test('the response page shows every answer and the status', async () => {
  renderDor(`/admin/dor/response/${RESPONSE_ID}`, { [APPLICATION]: answer(staffApplication()) });

  expect(await screen.findByRole('heading', { name: 'Response of Ada Lovelace' })).toBeInTheDocument();
  expect(screen.getByText('In review')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Contact details' })).toHaveTextContent('555-0100');
  expect(screen.getByRole('region', { name: 'Engineering' })).toHaveTextContent('An engine.');
});

test('a section of text alone (no questions) has no card among the answers', async () => {
  const welcome = { sectionId: 'welcome', sectionName: 'Welcome', description: 'How this works.', questions: [] };
  const form = { ...FORM, sections: [welcome, ...FORM.sections] };
  renderDor(`/admin/dor/response/${RESPONSE_ID}`, { [APPLICATION]: answer(staffApplication({ form })) });

  expect(await screen.findByRole('region', { name: 'About You' })).toHaveTextContent('Ada');
  expect(screen.queryByRole('region', { name: 'Welcome' })).not.toBeInTheDocument();
});

test('the reviews page shows scores under their rubric prompts and every reviewer’s comments', async () => {
  const form = {
    ...FORM,
    reviewRubrics: [
      {
        rubricId: 'all',
        roles: ['engineer' as const],
        criteria: [{ key: 'skill', prompt: 'Technical skill', min: 0, max: 4, weight: 1 }],
      },
    ],
  };
  const application = staffApplication({ form });
  application.rows[0]!.reviews[0]!.comments = 'Solid projects;\nasks good questions.';
  renderDor(`/admin/dor/reviews/${RESPONSE_ID}`, {
    [APPLICATION]: answer(application),
    [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  });

  const grace = within((await screen.findByText('Grace Hopper')).closest('tr') as HTMLElement);
  expect(grace.getByText('Technical skill: 3')).toBeInTheDocument();
  expect(grace.queryByText('skill: 3')).not.toBeInTheDocument();
  expect(grace.getByText(/^Solid projects;\s+asks good questions\.$/)).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader', { name: 'Comments' }).length).toBeGreaterThan(0);
});

test('the staff picker never offers the applicant themself, and reads "Choose an interviewer"', async () => {
  const promoted = { ...STAFF[1]!, user: { ...STAFF[1]!.user, id: 'ada-uid', firstName: 'Ada', lastName: 'Lovelace' } };
  renderDor(`/admin/dor/interviews/${RESPONSE_ID}`, {
    [APPLICATION]: answer(staffApplication({ rows: [staffApplication().rows[0]!] })),
    [`GET /admin/forms/${FORM_ID}/staff?kind=interview`]: answer({ items: [...STAFF, promoted] }),
  });

  const picker = await screen.findByRole('combobox', { name: 'Interviewer' });
  expect(screen.getByText('Choose an interviewer')).toBeInTheDocument();
  await userEvent.click(picker);
  expect(await screen.findByTitle('Grace Hopper')).toBeInTheDocument();
  expect(screen.queryByTitle('Ada Lovelace')).not.toBeInTheDocument();
});

describe('an uploaded file on the application page', () => {
  const FILE_ID = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
  const withResume = () =>
    staffApplication({
      form: {
        ...FORM,
        sections: [
          ...FORM.sections,
          {
            sectionId: 'files',
            sectionName: 'Files',
            questions: [
              {
                questionId: 'resume',
                questionType: 'file-upload',
                questionText: 'Your resume',
                acceptedTypes: ['application/pdf'],
                maxSizeBytes: 1024,
              },
            ],
          },
        ],
      },
      response: {
        ...RESPONSE,
        sectionResponses: [
          ...RESPONSE.sectionResponses,
          {
            sectionId: 'files',
            sectionName: 'Files',
            questions: [
              { questionId: 'resume', questionType: 'file-upload', applicationFormId: FORM_ID, response: FILE_ID },
            ],
          },
        ],
      },
    });
  const META = {
    id: FILE_ID,
    ownerId: 'ada-uid',
    responseId: RESPONSE_ID,
    questionId: 'resume',
    name: 'Alice-resume.pdf',
    size: 69,
    contentType: 'application/pdf',
    uploadedAt: '2025-02-10T15:00:00.000Z',
  };
  const PDF = new Blob(['%PDF-1.4'], { type: 'application/pdf' });

  beforeEach(() => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:resume'), revokeObjectURL: jest.fn() });
  });

  test('opens a PDF in a new tab and downloads it under its name', async () => {
    const tab = { location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderDor(`/admin/dor/application/${FORM_ID}/${RESPONSE_ID}`, {
      [APPLICATION]: answer(withResume()),
      [`GET /files/${FILE_ID}/meta`]: answer(META),
      [`GET /files/${FILE_ID}`]: answer(PDF),
    });

    const files = within(await screen.findByRole('region', { name: 'Files' }));
    expect(await files.findByText('Alice-resume.pdf')).toBeInTheDocument();
    await userEvent.click(files.getByRole('button', { name: 'Open Alice-resume.pdf' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:resume'));
    expect(URL.createObjectURL).toHaveBeenCalledWith(PDF);

    await userEvent.click(files.getByRole('button', { name: 'Download Alice-resume.pdf' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toHaveAttribute('download', 'Alice-resume.pdf');
    open.mockRestore();
  });

  test('says so next to the file when the server refuses it, and closes the tab it opened', async () => {
    const tab = { location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderDor(`/admin/dor/application/${FORM_ID}/${RESPONSE_ID}`, {
      [APPLICATION]: answer(withResume()),
      [`GET /files/${FILE_ID}/meta`]: answer(META),
      [`GET /files/${FILE_ID}`]: fail(apiError(404, 'not-found', 'No file for this ID')),
    });

    const files = within(await screen.findByRole('region', { name: 'Files' }));
    await userEvent.click(await files.findByRole('button', { name: 'Open Alice-resume.pdf' }));
    expect(await files.findByRole('alert')).toHaveTextContent('The file could not be opened: No file for this ID');
    expect(tab.close).toHaveBeenCalled();
    open.mockRestore();
  });
});
