import { applicationResponseSchema, formDefinitionSchema, registrationSchema } from './index';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe("the domain's zod messages", () => {
  it('says "Required" of a field left out', () => {
    expect(messages(formDefinitionSchema.safeParse({}))).toMatchObject({ semester: 'Required', id: 'Required' });
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
