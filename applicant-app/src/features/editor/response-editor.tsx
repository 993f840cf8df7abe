import { useEffect, useState } from 'react';
import { Button, Card, Flex, Form, Modal, Steps, Typography } from 'antd';
import { Navigate, useNavigate } from '@portal/shared/router';
import {
  answerOf,
  visibleSections,
  withAnswer,
  type ApplicationForm,
  type ApplicationResponse,
} from '@portal/shared/domain';
import { QuestionField } from './question-field';
import { SaveIndicator } from './save-indicator';
import { useAutosave } from './use-autosave';

interface ResponseEditorProps {
  form: ApplicationForm;
  initial: ApplicationResponse;
  sectionId: string | undefined;
}

/** The section editor with its autosave header; next and previous move along the visible sections. */
export function ResponseEditor({ form, initial, sectionId }: ResponseEditorProps) {
  const navigate = useNavigate();
  const autosave = useAutosave(form, initial);
  const { draft } = autosave;
  const sections = visibleSections(form, draft.rolesApplied);
  const index = sections.findIndex((section) => section.sectionId === sectionId);
  const section = sections[index];
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    window.scrollTo({ top: 0 });
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
    const saved = autosave.dirty ? await autosave.saveNow() : true;
    setLeaving(false);
    if (saved) navigate(`/apply/submit/${form.id}`);
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text strong>{form.semester} application</Typography.Text>
          <Flex align="center" gap={12}>
            <SaveIndicator status={autosave.status} lastSavedAt={autosave.lastSavedAt} />
            <Button onClick={() => void autosave.saveNow()} disabled={autosave.status === 'saving'}>
              Save application
            </Button>
          </Flex>
        </Flex>
      </Card>
      <Steps
        size="small"
        current={index}
        items={sections.map((s) => ({ title: s.sectionName }))}
        onChange={go}
        style={{ overflowX: 'auto' }}
      />
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {section.sectionName}
        </Typography.Title>
        {section.description && <Typography.Paragraph type="secondary">{section.description}</Typography.Paragraph>}
        <Form layout="vertical" component="div">
          {section.questions.map((question) => (
            <QuestionField
              key={question.questionId}
              question={question}
              responseId={draft.id}
              value={answerOf(draft, section.sectionId, question.questionId) ?? ''}
              onChange={(value) =>
                autosave.edit((current) => withAnswer(current, section.sectionId, question.questionId, value))
              }
            />
          ))}
        </Form>
        <Flex justify="space-between" style={{ marginTop: 16 }}>
          <Button onClick={() => go(index - 1)} disabled={index === 0}>
            Previous
          </Button>
          {index < sections.length - 1 ? (
            <Button type="primary" onClick={() => go(index + 1)}>
              Next
            </Button>
          ) : (
            <Button type="primary" loading={leaving} onClick={() => void review()}>
              Review and submit
            </Button>
          )}
        </Flex>
      </Card>
      <Modal
        open={autosave.conflict !== null}
        title="This application was changed somewhere else"
        closable={false}
        mask={{ closable: false }}
        footer={[
          <Button key="theirs" onClick={autosave.takeTheirs}>
            Use the saved version
          </Button>,
          <Button key="mine" type="primary" onClick={autosave.keepMine}>
            Keep my version
          </Button>,
        ]}
      >
        <Typography.Paragraph>
          It was saved from another tab or device after you opened it here, so your last changes were not saved. Keep
          your version here (it replaces the other one), or use the saved version (your unsaved changes here are
          dropped).
        </Typography.Paragraph>
      </Modal>
    </Flex>
  );
}
