import type { PrivacyNoticeAccepted } from '../ids/privacy-notice';

/**
 * "Download my data" (docs/product.md#download-my-data): everything the portal holds about the
 * signed-in person, as one ZIP of `my-data.json` (this shape) and their uploaded files. Nothing of
 * the review work (who reviewed, scores, comments, notes) and nothing they may not see yet: a
 * form's decisions and letters only once they are released.
 */

/** The API path (under /api) of the caller's own data. */
export const MY_DATA_PATH = '/account/data.zip';

/** The JSON file inside the ZIP; the uploads sit under `files/`. */
export const MY_DATA_JSON = 'my-data.json';

/** "portal data 2026-03-01.zip": the name the download is saved under (the day in UTC). */
export const myDataFileName = (at: Date): string => `portal data ${at.toISOString().slice(0, 10)}.zip`;

export interface MyDataAnswer {
  section: string;
  question: string;
  /** As given: a text, or the options chosen (team roles by their labels); a file by its name. */
  answer: string | string[];
  /** A file answer: its path inside the ZIP (absent when its bytes are gone). */
  file?: string;
}

export interface MyDataDecision {
  role: string;
  decision: string;
  /** Their reply to an offer: pending (null), accepted, declined or expired. */
  offer: 'accepted' | 'declined' | 'expired' | null;
  offerDeadline: string | null;
  offerRepliedAt: string | null;
  /** The letter they read on the decision page (markdown), filled in. */
  letter: string | null;
}

export interface MyDataApplication {
  id: string;
  form: { id: string; semester: string };
  /** As their status page shows it ("In review" until the decisions are released). */
  status: string;
  lastSavedAt: string;
  roles: string[];
  answers: MyDataAnswer[];
  /** Their booked interview for this form: when, how long and where. */
  interview: { startsAt: string; minutes: number; place: string; bookedAt: string | null } | null;
  decisionsReleased: boolean;
  /** Empty until the form's decisions are released. */
  decisions: MyDataDecision[];
}

export interface MyDataFile {
  name: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  applicationId: string;
  question: string | null;
  /** Its path inside the ZIP; null when the file store has no bytes for it. */
  path: string | null;
}

export interface MyDataEmail {
  kind: string;
  to: string;
  subject: string;
  /** The plain-text body, as sent. */
  text: string;
  attachments: string[];
  /** queued, sent or failed. */
  state: string;
  queuedAt: string;
  sentAt: string | null;
}

/** `my-data.json`. */
export interface MyData {
  exportedAt: string;
  /** What the file holds and leaves out, in words. */
  about: string;
  account: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    role: string;
    privacyNotice: PrivacyNoticeAccepted | null;
    /** A reviewer's team roles (their preferences), when they have any. */
    reviewRoles?: string[];
  };
  applications: MyDataApplication[];
  files: MyDataFile[];
  emails: MyDataEmail[];
}
