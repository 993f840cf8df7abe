import { TEAM_ROLES, type ApplicationForm, type DecisionLetter } from '@portal/shared/domain';

/** Decision letters in markdown: one per decision, and one for the project teams' acceptances. */
const DEMO_LETTERS: DecisionLetter[] = [
  {
    decision: 'accepted',
    roles: ['bootcamp'],
    body: [
      '## Welcome to Bootcamp, {firstName}!',
      '',
      'We are delighted to offer you a place in **{role}** for {semester}.',
      '',
      '**Next steps**',
      '',
      '1. Accept or decline the offer below within a week.',
      '2. Join the kickoff on the first Monday of the semester.',
      '3. Read the [Bootcamp guide](https://example.com/bootcamp-guide) before then.',
    ].join('\n'),
  },
  {
    decision: 'accepted',
    body: [
      '## Congratulations, {firstName}!',
      '',
      'You are joining our project teams as **{role}** for {semester}.',
      '',
      '- Accept or decline the offer below.',
      '- Meet your team lead at the kickoff.',
      '- Questions? Write to [recruiting@example.com](mailto:recruiting@example.com).',
    ].join('\n'),
  },
  {
    decision: 'waitlist',
    body: [
      'Dear {firstName},',
      '',
      'Your application for **{role}** stood out, and you are on our waitlist for {semester}.',
      'We will write to you as soon as a place opens up.',
    ].join('\n'),
  },
  {
    decision: 'denied',
    body: [
      'Dear {firstName},',
      '',
      'Thank you for applying for **{role}**. We are not able to offer you a place in {semester}.',
      '',
      '- Come to our [open days](https://example.com/open-days): all are welcome.',
      '- We would love to see you apply again next semester.',
    ].join('\n'),
  },
];

const RESUME = { acceptedTypes: ['application/pdf'], maxSizeBytes: 10 * 1024 * 1024 };

/** The demo cycle: every question type of the spec, and sections for specific roles. */
export function demoForm(now: Date): ApplicationForm {
  const dueDate = new Date(now.getTime() + 60 * 24 * 60 * 60 * 1000);
  return {
    id: 'demo-form-spring',
    semester: 'Demo Semester',
    isActive: true,
    decisionsReleased: false,
    dueDate: dueDate.toISOString(),
    description: 'A demo application cycle. Everything here is sample data.',
    sections: [
      {
        sectionId: 'about-you',
        sectionName: 'About You',
        hiddenFromReviewers: true,
        questions: [
          {
            questionId: 'preferred-name',
            questionType: 'short-answer',
            questionText: 'What name do you go by?',
            maxWords: 10,
          },
          {
            questionId: 'year',
            questionType: 'multiple-choice',
            questionText: 'What year are you in?',
            options: ['First year', 'Second year', 'Third year', 'Fourth year or later'],
          },
          {
            questionId: 'resume',
            questionType: 'file-upload',
            questionText: 'Upload your resume (PDF, up to 10 MB)',
            ...RESUME,
            // The section is hidden from reviewers, the resume is not: they read it beside the answers.
            hiddenFromReviewers: false,
          },
        ],
      },
      {
        sectionId: 'roles',
        sectionName: 'Roles',
        questions: [
          {
            questionId: 'roles',
            questionType: 'role-select',
            questionText: 'Which roles are you applying for?',
            secondaryText: 'Pick one or more; questions for those roles appear on later pages.',
          },
        ],
      },
      {
        sectionId: 'motivation',
        sectionName: 'Motivation',
        questions: [
          {
            questionId: 'why-join',
            questionType: 'long-answer',
            questionText: 'Why do you want to build software for nonprofits?',
            minWords: 20,
            maxWords: 300,
          },
          {
            questionId: 'interests',
            questionType: 'multiple-select',
            questionText: 'Which causes matter most to you?',
            options: ['Education', 'Environment', 'Health', 'Housing', 'Food security', 'None of these'],
            exclusiveOptions: ['None of these'],
          },
          {
            questionId: 'anything-else',
            questionType: 'long-answer',
            questionText: 'Anything else we should know?',
            optional: true,
            maxWords: 200,
          },
        ],
      },
      {
        sectionId: 'engineering',
        sectionName: 'Engineering',
        forRoles: ['engineer', 'tech-lead'],
        questions: [
          {
            questionId: 'project',
            questionType: 'long-answer',
            questionText: 'Tell us about a project you built.',
            minWords: 30,
            maxWords: 400,
          },
          {
            questionId: 'github',
            questionType: 'short-answer',
            questionText: 'Link to your code',
            optional: true,
            maxWords: 5,
          },
        ],
      },
      {
        sectionId: 'design',
        sectionName: 'Design',
        forRoles: ['designer'],
        questions: [
          {
            questionId: 'portfolio',
            questionType: 'short-answer',
            questionText: 'Link to your portfolio',
            maxWords: 5,
          },
          {
            questionId: 'design-process',
            questionType: 'long-answer',
            questionText: 'Walk us through your design process.',
            minWords: 30,
            maxWords: 400,
          },
        ],
      },
      {
        sectionId: 'product-outreach',
        sectionName: 'Product and Outreach',
        forRoles: ['product', 'social-media-manager', 'outreach-coordinator'],
        questions: [
          {
            questionId: 'stakeholders',
            questionType: 'long-answer',
            questionText: 'How would you work with a nonprofit partner?',
            minWords: 30,
            maxWords: 400,
          },
        ],
      },
    ],
    reviewRubrics: [
      {
        rubricId: 'general-review',
        roles: [...TEAM_ROLES],
        criteria: [
          { key: 'motivation', prompt: 'Motivation for social impact', min: 0, max: 4, weight: 2 },
          { key: 'experience', prompt: 'Relevant experience', min: 0, max: 4, weight: 1 },
          { key: 'communication', prompt: 'Clear communication', min: 0, max: 4, weight: 1 },
        ],
      },
    ],
    interviewRubrics: [
      {
        rubricId: 'general-interview',
        roles: [...TEAM_ROLES],
        criteria: [
          { key: 'teamwork', prompt: 'Teamwork', min: 0, max: 4, weight: 1 },
          { key: 'problem-solving', prompt: 'Problem solving', min: 0, max: 4, weight: 1 },
        ],
      },
    ],
    letters: DEMO_LETTERS,
  };
}
