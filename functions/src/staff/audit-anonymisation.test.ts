import { DELETED_APPLICANT, type AuditEntry } from '@portal/shared/domain';
import { auditAnonymiser, ERASED_ID, ERASED_TEXT, type ErasedPerson } from './audit-anonymisation';

const zelda: ErasedPerson = {
  userId: 'eve',
  email: 'eve@example.com',
  name: 'Zelda Quibble',
  nameParts: ['Zelda', 'Quibble'],
  ids: ['resp-1', 'resp-1__engineer'],
  formOnly: false,
  applicant: true,
};

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  id: 'entry-1',
  at: '2026-03-01T12:00:00.000Z',
  actorId: 'dora',
  actorName: 'Dana Director',
  action: 'decision.set',
  target: { collection: 'review-statuses', id: 'other__engineer' },
  formId: 'form-1',
  before: null,
  after: null,
  ...fields,
});

describe('anonymising the audit entries that name someone erased', () => {
  const anonymise = auditAnonymiser([zelda]);

  it('leaves an entry that does not name them as it is (their id inside a word is not their id)', () => {
    expect(anonymise(entry({ after: { note: 'every review is in, Eve said' } }))).toBeNull();
    expect(anonymise(entry({ after: { staff: 'Zeldana Quibbles' } }))).toBeNull();
  });

  it('replaces their ids, email and name wherever the entry holds them, keeping what it records', () => {
    const named = entry({
      target: { collection: 'review-statuses', id: 'resp-1__engineer' },
      before: { decision: 'under-review' },
      after: {
        decision: 'denied',
        applicant: 'Zelda Quibble',
        email: 'EVE@example.com',
        reason: 'Zelda is my flatmate',
      },
    });
    expect(anonymise(named)).toEqual({
      ...named,
      target: { collection: 'review-statuses', id: ERASED_TEXT },
      after: {
        decision: 'denied',
        applicant: DELETED_APPLICANT,
        email: ERASED_TEXT,
        reason: `${DELETED_APPLICANT} is my flatmate`,
      },
    });
  });

  it("rewrites a tag's name that holds either part of their name, and only a tag's", () => {
    const tag = entry({
      action: 'tag.changed',
      target: { collection: 'row-tags', id: 'form-1' },
      before: { name: 'Call back' },
      after: { name: 'Ask Zelda again', color: '#1f4d3f' },
    });
    expect(anonymise(tag)).toEqual({
      ...tag,
      after: { name: `Ask ${DELETED_APPLICANT} again`, color: '#1f4d3f' },
    });
    expect(anonymise(entry({ action: 'tag.created', after: { name: 'Zeldana list' } }))).toBeNull();
    // Elsewhere a lone first name is someone else's until the entry names them.
    expect(anonymise(entry({ action: 'decision.set', after: { note: 'Zelda from the board agreed' } }))).toBeNull();
  });

  it('makes them the actor of what they did no longer: the deleted applicant did it', () => {
    const booked = entry({
      actorId: 'eve',
      actorName: 'Zelda Quibble',
      action: 'interview.booked',
      after: { startsAt: 'x' },
    });
    expect(anonymise(booked)).toMatchObject({
      actorId: ERASED_ID,
      actorName: DELETED_APPLICANT,
      after: { startsAt: 'x' },
    });
  });

  it("for one form's data, keeps what a staff member did as staff and takes what they did as the applicant", () => {
    const staffApplicant = auditAnonymiser([{ ...zelda, formOnly: true, applicant: false }]);
    const review = entry({ actorId: 'eve', actorName: 'Zelda Quibble', action: 'assessment.submitted' });
    expect(staffApplicant(review)).toBeNull();
    const reply = entry({ actorId: 'eve', actorName: 'Zelda Quibble', action: 'offer.replied' });
    expect(staffApplicant(reply)).toMatchObject({ actorId: ERASED_ID });
    const aboutTheirRow = entry({ target: { collection: 'review-statuses', id: 'resp-1__engineer' } });
    expect(staffApplicant(aboutTheirRow)?.target.id).toBe(ERASED_TEXT);
  });
});
