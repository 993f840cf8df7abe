import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import {
  PageTitle,
  TeamRolesProvider,
  APPLICATION_SAVE_TEXTS,
  lazyDialog,
  QuestionField,
  SaveIndicator,
  SectionView,
  useScreens,
  whenIdle,
} from '@portal/shared/ui';
import { Navigate, useLocation, useNavigate } from '@portal/shared/router';
import { formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import {
  answerOf,
  sectionsWithUnchosenAnswers,
  visibleSections,
  withAnswer,
} from '@portal/shared/domain/rules/form-rules';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import { useDueDate, useFormTimeZone } from '../../lib/due-date';
import type { EditorLocationState } from '../../lib/editor-location';
import { DeadlineNotice } from './deadline-notice';
import { useQuestionIssues } from './question-issues';
import { FileUploadField } from '../files/file-upload-field';
import { RoleUntickNotice, type PendingUntick } from './role-untick-notice';
import { SectionNav } from './section-nav';
import { editedResponse, useApplicationAutosave } from './use-application-autosave';
import { useDeadline } from './use-deadline';

/**
 * Shown only when a save conflicts (the editor would otherwise download antd's Modal), and fetched
 * once the editor has been drawn: a conflict found when the connection returns must not need a
 * connection to ask.
 */
const ConflictDialog = lazyDialog(() => import('./conflict-dialog'), 'ConflictDialog');

interface ResponseEditorProps {
  form: ApplicationForm;
  initial: ApplicationResponse;
  sectionId: string | undefined;
}

export type { EditorLocationState };

/** The first control of a question the keyboard can reach (its input, first option, or upload button). */
function questionControl(questionId: string): HTMLElement | null {
  const question = [...document.querySelectorAll<HTMLElement>('[data-question]')].find(
    (element) => element.dataset.question === questionId,
  );
  return (
    question?.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not([hidden]), textarea, button, [tabindex]:not([tabindex="-1"])',
    ) ?? null
  );
}

/** The section editor with its autosave header; next and previous move along the visible sections. */
export function ResponseEditor({ form, initial, sectionId }: ResponseEditorProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const screens = useScreens();
  const autosave = useApplicationAutosave(form, initial);
  const closedMessage = useDeadline(form, autosave);
  const readOnly = closedMessage !== null;
  const draft = autosave.value;
  const sections = visibleSections(form, draft.rolesApplied);
  const index = sections.findIndex((section) => section.sectionId === sectionId);
  const section = sections[index];
  const editorState = location.state as EditorLocationState | null;
  // The sections shown so far: one whose questions are all optional is complete only once seen.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  if (section && !opened.has(section.sectionId)) setOpened(new Set(opened).add(section.sectionId));
  const issues = useQuestionIssues(form, draft, Boolean(editorState?.showIssues), opened);
  const complete = useMemo(
    () => new Set(sections.filter((s) => issues.sectionComplete(s)).map((s) => s.sectionId)),
    [sections, issues],
  );
  const [leaving, setLeaving] = useState(false);
  const [untick, setUntick] = useState<PendingUntick | null>(null);
  const due = useDueDate(form);
  // The last save's time is shown as the due date is: in the form's zone, the reader's own beside it.
  const timeZone = useFormTimeZone(form);
  const title = useRef<HTMLHeadingElement>(null);
  // Asked for by the review page: taken once, when the editor opens.
  const questionToFocus = useRef(editorState?.focusQuestion);

  useEffect(() => whenIdle(() => void ConflictDialog.preload()), []);

  useEffect(() => {
    window.scrollTo({ top: 0 });
    if (!title.current) return;
    // The editor opened, or another section did: keyboard and screen reader users start at its title
    // (or at the question the review page pointed at), not on the page body or the button they pressed.
    const question = questionToFocus.current ? questionControl(questionToFocus.current) : null;
    questionToFocus.current = undefined;
    if (question) question.focus();
    else title.current.focus({ preventScroll: true });
  }, [sectionId]);

  if (!section) {
    const first = sections[0];
    return first ? <Navigate to={`/apply/f/${form.id}/${first.sectionId}`} replace /> : null;
  }

  const go = (target: number) => {
    const next = sections[target];
    if (next) navigate(`/apply/f/${form.id}/${next.sectionId}`);
  };
  const review = async () => {
    setLeaving(true);
    const saved = autosave.dirty ? await autosave.flush() : true;
    setLeaving(false);
    if (saved) navigate(`/apply/submit/${form.id}`);
  };
  const wide = Boolean(screens.lg);

  return (
    <TeamRolesProvider roles={formTeamRoles(form)}>
      <Flex vertical gap={16}>
        <Card size="small">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <div>
              <PageTitle style={{ fontSize: 18 }}>{form.semester} application</PageTitle>
              <Typography.Text type="secondary">Due {due}</Typography.Text>
            </div>
            <Flex align="center" gap={12} wrap>
              <SaveIndicator state={autosave} texts={APPLICATION_SAVE_TEXTS} timeZone={timeZone} />
              {!readOnly && (
                <Button onClick={() => void autosave.flush()} disabled={autosave.status === 'saving'}>
                  Save application
                </Button>
              )}
            </Flex>
          </Flex>
        </Card>
        {closedMessage && <DeadlineNotice message={closedMessage} form={form} draft={draft} unsaved={autosave.dirty} />}
        <Row gutter={[24, 16]} wrap={!wide}>
          <Col flex={wide ? '280px' : '100%'}>
            <div
              style={wide ? { position: 'sticky', top: 16, maxHeight: 'calc(100vh - 32px)', overflowY: 'auto' } : {}}
            >
              <SectionNav formId={form.id} sections={sections} current={index} complete={complete} compact={!wide} />
            </div>
          </Col>
          <Col flex="1 1 0" style={{ minWidth: 0 }}>
            <Card>
              <SectionView section={section} titleRef={title}>
                {section.questions.map((question) => {
                  const value = answerOf(draft, section.sectionId, question.questionId) ?? '';
                  return (
                    <Fragment key={question.questionId}>
                      <QuestionField
                        question={question}
                        sectionId={section.sectionId}
                        responseId={draft.id}
                        value={value}
                        readOnly={readOnly}
                        error={issues.issueFor(section.sectionId, question, value)}
                        onBlur={() => issues.visited(section.sectionId, question.questionId)}
                        teamRoles={formTeamRoles(form)}
                        renderFile={(props) => <FileUploadField {...props} />}
                        onChange={(next) => {
                          issues.edited(section.sectionId, question.questionId);
                          const apply = () =>
                            autosave.edit((current) =>
                              editedResponse(form, withAnswer(current, section.sectionId, question.questionId, next)),
                            );
                          // Unticking a role discards its sections' answers: asked first when there are some.
                          const lost =
                            question.questionType === 'role-select'
                              ? sectionsWithUnchosenAnswers(
                                  form,
                                  withAnswer(draft, section.sectionId, question.questionId, next).sectionResponses,
                                )
                              : [];
                          if (lost.length > 0) setUntick({ sections: lost, apply });
                          else apply();
                        }}
                      />
                      {question.questionType === 'role-select' && !readOnly && (
                        <RoleUntickNotice form={form} pending={untick} onDone={() => setUntick(null)} />
                      )}
                    </Fragment>
                  );
                })}
              </SectionView>
              <Flex justify="space-between" style={{ marginTop: 16 }}>
                <Button onClick={() => go(index - 1)} disabled={index === 0}>
                  Previous
                </Button>
                {index < sections.length - 1 ? (
                  <Button type="primary" onClick={() => go(index + 1)}>
                    Next
                  </Button>
                ) : (
                  !readOnly && (
                    <Button type="primary" loading={leaving} onClick={() => void review()}>
                      Review and submit
                    </Button>
                  )
                )}
              </Flex>
            </Card>
          </Col>
        </Row>
        {autosave.status === 'conflict' && (
          <ConflictDialog form={form} conflict={autosave.conflict} onResolve={autosave.resolve} />
        )}
      </Flex>
    </TeamRolesProvider>
  );
}
