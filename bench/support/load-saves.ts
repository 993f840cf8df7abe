import { isDeepStrictEqual } from 'node:util';
import { withAnswer, type ApplicationResponse } from '@portal/shared/domain';
import type { BenchApplicant } from './accounts';

/**
 * What the load bench's applicants save and how it checks them afterwards: each save carries a
 * counter in one answer, so the stored response shows which acknowledged save (or stale one) won.
 */

export interface Saver {
  index: number;
  account: BenchApplicant;
  responseId: string;
  /** The server's answer to the last save it acknowledged (200), or the started response. */
  acked: ApplicationResponse;
  ackedCounter: number;
  submitted: ApplicationResponse | null;
  staleAccepted: number;
}

const whyJoin = (index: number, counter: number, stale = false) =>
  `Applicant ${index} ${stale ? 'STALE' : 'save'} ${counter}: ` +
  Array.from({ length: 22 }, (_, word) => `nonprofit${word}`).join(' ');

export const counterOf = (response: ApplicationResponse): { counter: number | null; stale: boolean } => {
  const answer = response.sectionResponses
    .find((section) => section.sectionId === 'motivation')
    ?.questions.find((question) => question.questionId === 'why-join')?.response;
  const match = typeof answer === 'string' ? /^Applicant \d+ (save|STALE) (\d+):/.exec(answer) : null;
  return { counter: match ? Number(match[2]) : null, stale: match?.[1] === 'STALE' };
};

/** The whole answer set of a save: complete for a bootcamp application, with the counter in why-join. */
export function edited(base: ApplicationResponse, index: number, counter: number, stale = false): ApplicationResponse {
  let next = withAnswer(base, 'about-you', 'preferred-name', `Bench ${index}`);
  next = withAnswer(next, 'about-you', 'year', 'Second year');
  next = withAnswer(next, 'roles', 'roles', ['bootcamp']);
  next = withAnswer(next, 'motivation', 'why-join', whyJoin(index, counter, stale));
  return withAnswer(next, 'motivation', 'interests', ['Education']);
}

/** Compares each stored response with the last acknowledged save (or the submission). */
export async function verify(baseUrl: string, savers: Saver[]) {
  let matching = 0;
  let lost = 0;
  let staleOverwrites = 0;
  const problems: string[] = [];
  for (const saver of savers) {
    const res = await fetch(`${baseUrl}/api/responses/${saver.responseId}`, {
      headers: { Authorization: `Bearer ${saver.account.idToken}` },
    });
    if (res.status !== 200) {
      lost += 1;
      problems.push(`applicant ${saver.index}: GET answered ${res.status}`);
      continue;
    }
    const stored = (await res.json()) as ApplicationResponse;
    const expected = saver.submitted ?? saver.acked;
    const storedCounter = counterOf(stored);
    const expectedCounter = saver.submitted ? counterOf(saver.submitted).counter : saver.ackedCounter;
    if (storedCounter.stale || saver.staleAccepted > 0) {
      staleOverwrites += 1;
      problems.push(
        `applicant ${saver.index}: a stale save was stored (stale accepted ${saver.staleAccepted}, stored counter ${storedCounter.counter})`,
      );
    } else if (isDeepStrictEqual(stored, expected) && storedCounter.counter === expectedCounter) {
      matching += 1;
    } else {
      lost += 1;
      problems.push(
        `applicant ${saver.index}: stored version ${stored.version} counter ${storedCounter.counter} status ${stored.status}, ` +
          `acknowledged version ${expected.version} counter ${expectedCounter} status ${expected.status}`,
      );
    }
  }
  return { matching, lost, staleOverwrites, problems };
}
