import type { ApplicationForm, FormSection, Question } from '@portal/shared/domain';
import { demoForm } from '../seed/demo-form';

/**
 * A chapter-sized form for the layout, keyboard and accessibility tests: 15 sections (11 for a
 * Bootcamp-only applicant, all 15 for one applying to every role), 64 questions of every type,
 * long help texts, an optional self-describe question, an exclusive "None of the above", and a
 * resume upload that takes PDF or Word.
 */
export const LONG_FORM_ID = 'long-form-fall';

const WORD = ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'];

const help = (topic: string) =>
  `${topic} There is no right answer: reviewers read every application in full, ` +
  'and a short, specific answer is better than a long, general one. You can come back and change this answer until ' +
  'the deadline; everything you type is saved as you go.';

let count = 0;
const id = (prefix: string) => `${prefix}-${++count}`;

const short = (questionText: string, extra: Partial<Question> = {}): Question =>
  ({
    questionId: id('short'),
    questionType: 'short-answer',
    questionText,
    maxWords: 20,
    ...extra,
  }) as Question;

const long = (questionText: string, extra: Partial<Question> = {}): Question =>
  ({
    questionId: id('long'),
    questionType: 'long-answer',
    questionText,
    secondaryText: help('Answer in your own words, with an example if you can.'),
    maxWords: 300,
    ...extra,
  }) as Question;

const choice = (questionText: string, options: string[], extra: Partial<Question> = {}): Question =>
  ({
    questionId: id('choice'),
    questionType: 'multiple-choice',
    questionText,
    options,
    ...extra,
  }) as Question;

const select = (questionText: string, options: string[], extra: Partial<Question> = {}): Question =>
  ({
    questionId: id('select'),
    questionType: 'multiple-select',
    questionText,
    options,
    ...extra,
  }) as Question;

const section = (sectionId: string, sectionName: string, questions: Question[], extra: Partial<FormSection> = {}) => ({
  sectionId,
  sectionName,
  description: help(`${sectionName}: a few questions about this part of you.`),
  questions,
  ...extra,
});

export function longForm(dueDate: Date): ApplicationForm {
  count = 0;
  const sections: FormSection[] = [
    section('basic-info', 'Basic Info', [
      short('What is your full name?'),
      short('What name do you go by?', { optional: true, secondaryText: 'If it differs from your full name.' }),
      choice('What are your pronouns?', [
        'she/her',
        'he/him',
        'they/them',
        'Prefer to self-describe',
        'Prefer not to say',
      ]),
      short('If you chose to self-describe, how?', { optional: true, maxWords: 5 }),
      choice('What year are you in?', ['First year', 'Second year', 'Third year', 'Fourth year or later', 'Graduate']),
      short('What is your major or intended major?'),
    ]),
    section('contact', 'Contact Details', [
      short('Which email address should we use?'),
      short('A phone number for interview scheduling', { optional: true }),
      short('Which city do you live in during the semester?'),
      choice('How should we contact you first?', ['Email', 'Phone', 'Either']),
    ]),
    section('education', 'Education', [
      short('Which school do you attend?'),
      choice('When do you expect to graduate?', ['This year', 'Next year', 'In two years', 'Later']),
      short('Your GPA, if you want to share it', { optional: true, maxWords: 3 }),
      long('Which courses prepared you for this role?'),
    ]),
    section('roles', 'Roles', [
      {
        questionId: 'roles',
        questionType: 'role-select',
        questionText: 'Which roles are you applying for?',
        secondaryText:
          'Pick one or more. Every role has its own short set of questions on a later page; Bootcamp is our ' +
          'program for members who are new to building software, and every other role expects some experience.',
      },
    ]),
    section('availability', 'Availability', [
      choice('How many hours a week can you give?', ['Under 5', '5 to 10', '10 to 15', 'More than 15']),
      select('Which semesters can you commit to?', ['Fall', 'Spring', 'Summer']),
      long('What else takes your time this semester?', { optional: true }),
      choice('Can you attend the weekly meeting on Thursday evenings?', ['Yes', 'No', 'Most weeks']),
    ]),
    section('experience', 'Experience', [
      long('Tell us about something you built or organized.'),
      select('Which tools have you used?', ['Git', 'Figma', 'Spreadsheets', 'A web framework', 'None of the above'], {
        exclusiveOptions: ['None of the above'],
        secondaryText: 'Choose any that apply, or "None of the above" (it cannot be combined with the others).',
      }),
      long('Tell us about an internship or job, if you had one.', { optional: true }),
      short('The project you are proudest of, in a few words'),
      choice('Have you worked with a nonprofit before?', ['Yes', 'No', 'Not sure']),
    ]),
    section('motivation', 'Motivation', [
      long('Why do you want to build software for nonprofits?', { minWords: 5 }),
      select('Which causes matter most to you?', ['Education', 'Environment', 'Health', 'Housing', 'Food security']),
      long('What do you hope to learn with us?'),
      short('One word that describes how you work'),
    ]),
    section('teamwork', 'Teamwork and Leadership', [
      long('Describe a disagreement in a team and how it ended.'),
      long('Describe a time you led something, however small.', { optional: true }),
      choice('Which role do you usually take in a team?', ['Organizer', 'Builder', 'Reviewer', 'It depends']),
      long('How do you give feedback to a teammate?'),
    ]),
    section(
      'engineering',
      'Engineering',
      [
        long('Tell us about a technical project.'),
        short('Link to your code', { optional: true }),
        select('Which languages do you know?', ['JavaScript', 'Python', 'Java', 'C or C++', 'Other']),
        long('How do you test what you build?'),
      ],
      { forRoles: ['engineer', 'tech-lead'] },
    ),
    section(
      'design',
      'Design',
      [
        short('Link to your portfolio'),
        long('Walk us through your design process.'),
        choice('Which tool do you design in most?', ['Figma', 'Sketch', 'Paper', 'Other']),
      ],
      { forRoles: ['designer'] },
    ),
    section(
      'product',
      'Product Management',
      [
        long('How do you decide what to build first?'),
        long('Tell us about a time you said no to a request.'),
        short('A product you admire, and why, in a sentence'),
      ],
      { forRoles: ['product'] },
    ),
    section(
      'outreach',
      'Outreach and Social Media',
      [
        long('Describe a campaign or event you ran.'),
        short('Accounts you have managed', { optional: true }),
        select('Which platforms do you know well?', ['Instagram', 'LinkedIn', 'TikTok', 'Newsletters']),
      ],
      { forRoles: ['social-media-manager', 'outreach-coordinator'] },
    ),
    section('resume', 'Resume and Links', [
      {
        questionId: 'resume',
        questionType: 'file-upload',
        questionText: 'Upload your resume',
        secondaryText: 'PDF preferred; Word accepted. One page is plenty.',
        acceptedTypes: ['application/pdf', ...WORD],
        maxSizeBytes: 10 * 1024 * 1024,
      },
      short('Your professional network profile', { optional: true }),
      short('Your personal website', { optional: true }),
    ]),
    section('background', 'Background', [
      choice('Are you the first in your family to go to university?', ['Yes', 'No', 'Prefer not to say'], {
        optional: true,
      }),
      long('Is there anything about your background you would like us to know?', { optional: true }),
      select('How did you hear about us?', ['A friend', 'A class', 'Social media', 'An event', 'Other']),
      short('If other, where?', { optional: true }),
    ]),
    section('agreements', 'Agreements', [
      choice('Do you agree to our code of conduct?', ['I agree', 'I do not agree']),
      choice('May we keep your application for next semester if you are not accepted?', ['Yes', 'No']),
      long('Anything else we should know?', { optional: true }),
      choice('Is everything in this application your own work?', ['Yes', 'No']),
    ]),
  ];
  // 64 questions in all: more long answers for the sections applicants spend the most time on.
  const extra: [string, Question][] = [
    ['experience', long('What would you do differently in that project now?', { optional: true })],
    ['motivation', long('What does a good week in a student club look like to you?', { optional: true })],
    ['teamwork', short('Name one teammate skill you want to improve', { optional: true })],
    ['availability', short('Any dates you already know you are away?', { optional: true })],
    ['education', short('Your minor, if any', { optional: true })],
    ['contact', short('Your time zone if you are away this semester', { optional: true })],
    ['background', short('Languages you speak', { optional: true })],
    ['resume', short('Anything in your resume we should look at first?', { optional: true })],
  ];
  for (const [sectionId, question] of extra) sections.find((s) => s.sectionId === sectionId)!.questions.push(question);
  return {
    id: LONG_FORM_ID,
    semester: 'Fall Recruitment',
    isActive: true,
    decisionsReleased: false,
    dueDate: dueDate.toISOString(),
    timeZone: 'America/Chicago',
    description: 'Our full application: fifteen short sections. Everything is saved as you type.',
    sections,
    // Every role needs a review rubric before a form can be saved: the demo form's covers them all.
    reviewRubrics: demoForm(dueDate).reviewRubrics,
    interviewRubrics: [],
  };
}

export const countQuestions = (form: ApplicationForm) =>
  form.sections.reduce((sum, current) => sum + current.questions.length, 0);

export const CHAPTER_FORM_ID = 'chapter-fall';

/**
 * The long form as a chapter writes it (docs/product.md#rich-text): markdown (headings, lists, links,
 * bold) in the form's, every section's and every help text's description, 15 sections with every
 * question type and a file question, per-role sections, and a letter per decision and role group.
 */
export function chapterForm(dueDate: Date): ApplicationForm {
  const form = longForm(dueDate);
  return {
    ...form,
    id: CHAPTER_FORM_ID,
    semester: 'Fall Chapter',
    isActive: false,
    description: [
      '## About our teams',
      '',
      'We build software for **nonprofits**, in small teams led by students.',
      '',
      '- Everyone answers the general sections.',
      '- Each team you pick adds *its own* page.',
      '',
      'Questions? Read the [recruiting FAQ](https://example.com/faq).',
    ].join('\n'),
    sections: form.sections.map((section) => ({
      ...section,
      description: [
        `### ${section.sectionName}`,
        '',
        `**${section.sectionName}.** ${section.description}`,
        '',
        '- Be specific.',
        '- Be brief.',
        '',
        `How we read it: [our review guide](https://example.com/guide#${section.sectionId}).`,
      ].join('\n'),
      questions: section.questions.map((question) =>
        question.secondaryText
          ? {
              ...question,
              secondaryText: [
                ...(question.questionType === 'long-answer' ? ['#### What we look for', ''] : []),
                `_Tip:_ **${question.secondaryText}**`,
                '',
                '- One example is enough.',
                '- See [past answers](https://example.com/examples).',
              ].join('\n'),
            }
          : question,
      ),
    })),
    letters: [
      {
        decision: 'accepted',
        roles: ['bootcamp'],
        body: [
          '## Welcome to Bootcamp, {firstName}!',
          '',
          'You have a place in **{role}** for {semester}.',
          '',
          '1. Accept the offer below.',
          '2. Read the [Bootcamp handbook](https://example.com/handbook).',
        ].join('\n'),
      },
      {
        decision: 'accepted',
        body: '## Congratulations, {firstName}!\n\nYou join the **{role}** team for {semester}.',
      },
      { decision: 'waitlist', body: 'Dear {firstName},\n\nYou are on the **{role}** waitlist for {semester}.' },
      {
        decision: 'denied',
        body: 'Dear {firstName},\n\nWe cannot offer you **{role}** for {semester}. _Please apply again._',
      },
    ],
  };
}
