/**
 * The API's words about applications, which the apps also show. A module of its own, with no
 * schema: a page that shows one of these (the staff home, the overview) downloads no schema for it.
 */
export const RESPONSE_MESSAGES = {
  noActiveForm: 'No active form!',
  noResponse: 'No response for this ID!',
  staleSave: 'This application was saved from another tab or device since you opened it',
  notEditable: 'This application can no longer be edited',
  pastDue: 'The deadline for this application has passed',
  decisionsNotReleased: 'Decisions have not been released yet',
  decisionsReleased: 'This application is closed: decisions have been released',
} as const;
