/**
 * The router state the section editor reads when it opens (`/apply/f/{formId}/{sectionId}`), set by
 * the review page's links: show every question's problem at once, and start at one question.
 */
export interface EditorLocationState {
  showIssues?: boolean;
  /** The id of the question to focus when the editor opens (the review page's list of what needs attention). */
  focusQuestion?: string;
}
