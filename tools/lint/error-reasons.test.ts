import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import config from '../../eslint.config';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');
// The repository's own configuration, imported (ESLint cannot load a TypeScript config file under jest).
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: config as Linter.Config[] });

const DECLARATIONS = `
import { RESPONSE_MESSAGES, API_ERROR_REASONS } from '@portal/shared/domain';
import { ApiRequestError, isApiRefusal } from '@portal/shared/client';
declare const error: ApiRequestError;
declare const caught: { error: ApiRequestError };
declare const issue: { message: string };
declare function show(text: string): void;
`;

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${DECLARATIONS}${code}\n`, { filePath: path.join(ROOT, file) });
  return result!.messages.flatMap((message) =>
    message.ruleId === 'no-restricted-syntax' ? [message.message] : message.fatal ? [message.message] : [],
  );
}

describe('client code matches API refusals by reason, never by message text', () => {
  it.each([
    ['=== on a message', 'export const closed = error.message === RESPONSE_MESSAGES.pastDue;'],
    ['!== on an optional message', "export const open = 'x' !== (error as Error | undefined)?.message;"],
    ['== on a nested error message', "export const same = caught.error.message == 'x';"],
    ['!= on a message', "export const other = error.message != 'x';"],
    ['a message table compared with anything', 'export const closed = String(error) === RESPONSE_MESSAGES.pastDue;'],
    ['includes on a message', "export const late = error.message.includes('deadline');"],
    ['startsWith on a message', "export const late = error.message.startsWith('The deadline');"],
    ['endsWith on a message', "export const late = error.message.endsWith('passed');"],
    ['match on a message', 'export const late = error.message.match(/deadline/);'],
    ['a regular expression testing a message', 'export const late = /deadline/i.test(error.message);'],
    ['a switch on a message', "export function kind() { switch (error.message) { case 'x': return 1; } return 0; }"],
  ])('reports %s', async (_name, code) => {
    const messages = await restricted('applicant-app/src/features/editor/x.ts', code);
    expect(messages).not.toEqual([]);
    for (const message of messages)
      expect(message).toMatch(/API_ERROR_REASONS in shared\/src\/domain\/ids\/error-reasons\.ts/);
  });

  it.each([
    ['applicant-app/src/x.tsx'],
    ['admin-app/src/features/dashboard/x.ts'],
    ['shell/src/lib/x.ts'],
    ['shared/src/client/autosave/x.ts'],
    ['shared/src/ui/x.tsx'],
    ['shared/src/router/x.ts'],
  ])('applies in %s', async (file) => {
    expect(await restricted(file, "export const late = error.message === 'x';")).toHaveLength(1);
  });

  it.each([
    ['the reason compared with a name', "export const late = error.reason === 'past-due';"],
    [
      'the reason looked up in the table',
      'export const known = error.reason !== undefined && error.reason in API_ERROR_REASONS;',
    ],
    ['isApiRefusal', "export const late = isApiRefusal(error, 'past-due', 'submitted');"],
    ['a message shown', 'show(error.message); show(`Could not save: ${issue.message}`);'],
    ['a message measured', 'export const long = error.message.length > 80;'],
    ['another member tested', 'export const named = /Api/.test(error.name);'],
    ['the code or status compared', "export const gone = error.code === 'not-found' || error.status === 404;"],
  ])('allows %s', async (_name, code) => {
    expect(await restricted('applicant-app/src/features/editor/x.ts', code)).toEqual([]);
  });

  it('leaves the server alone: it writes the messages', async () => {
    expect(await restricted('functions/src/x.ts', "export const late = error.message === 'x';")).toEqual([]);
  });
});
