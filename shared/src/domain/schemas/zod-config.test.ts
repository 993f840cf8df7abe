import { registrationSchema } from './account';
import { formDefinitionSchema } from './form-definition';
import { applicationResponseSchema } from './responses';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe("the domain's zod messages", () => {
  it('says "Required" of a field left out', () => {
    expect(messages(formDefinitionSchema.safeParse({}))).toMatchObject({ semester: 'Required', id: 'Required' });
  });

  it('says "Required" of a text left empty, as of one left out', () => {
    expect(
      messages(formDefinitionSchema.safeParse({ semester: '', letters: [{ decision: 'accepted', body: '' }] })),
    ).toMatchObject({ semester: 'Required', 'letters.0.body': 'Required' });
  });

  it('says the bound a number must keep, in words', () => {
    const question = { questionId: 'q', questionText: 'Q' };
    const form = {
      sections: [
        {
          sectionId: 's',
          sectionName: 'S',
          questions: [
            { ...question, questionType: 'short-answer', minWords: -1, maxWords: 5001 },
            { ...question, questionId: 'f', questionType: 'file-upload', acceptedTypes: ['a/b'], maxSizeBytes: 0 },
          ],
        },
      ],
    };
    expect(messages(formDefinitionSchema.safeParse(form))).toMatchObject({
      'sections.0.questions.0.minWords': 'Must be at least 0',
      'sections.0.questions.0.maxWords': 'Must be at most 5000',
      'sections.0.questions.1.maxSizeBytes': 'Must be more than 0',
    });
  });

  it("keeps a schema's own message, and zod's English for every other problem", () => {
    expect(messages(registrationSchema.safeParse({}))).toMatchObject({ email: 'Email is required' });
    expect(messages(applicationResponseSchema.safeParse({ userId: 5 }))).toMatchObject({
      userId: 'Invalid input: expected string, received number',
    });
    expect(messages(formDefinitionSchema.safeParse({ semester: 'x'.repeat(101) }))).toMatchObject({
      semester: 'Too big: expected string to have <=100 characters',
    });
  });
});
