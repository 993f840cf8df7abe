import { useState } from 'react';
import { Button, Col, Modal, Radio, Row, Typography, theme } from 'antd';
import type { AutosaveConflict } from '@portal/shared/client';
import type { ApplicationForm, Question } from '@portal/shared/domain/schemas/forms';
import type { Answer, ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import { answerText, FileName, useTeamRoles } from '@portal/shared/ui';

export const CONFLICT_TITLE = 'This application was changed somewhere else';

type Choice = 'mine' | 'theirs';

const SIDES: { choice: Choice; title: string; choiceLabel: string }[] = [
  { choice: 'mine', title: 'Your version (this tab)', choiceLabel: 'Keep my version' },
  { choice: 'theirs', title: 'Saved somewhere else', choiceLabel: 'Use the saved version' },
];

function questionAt(form: ApplicationForm, key: string): Question | undefined {
  const [sectionId, questionId] = key.split('.');
  return form.sections.find((s) => s.sectionId === sectionId)?.questions.find((q) => q.questionId === questionId);
}

function AnswerShown({ question, answer }: { question: Question; answer: unknown }) {
  const roles = useTeamRoles();
  if (question.questionType === 'file-upload' && typeof answer === 'string' && answer)
    return <FileName fileId={answer} />;
  return <>{answerText(question, answer as Answer, roles)}</>;
}

function Side({
  title,
  choice,
  choiceLabel,
  question,
  answer,
  selected,
}: {
  title: string;
  choice: Choice;
  choiceLabel: string;
  question: Question;
  answer: unknown;
  selected: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        padding: 12,
        borderRadius: token.borderRadius,
        border: `1px solid ${selected ? token.colorPrimary : token.colorBorder}`,
        background: selected ? token.colorPrimaryBg : token.colorBgContainer,
      }}
    >
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Paragraph style={{ flex: 1, whiteSpace: 'pre-wrap', margin: 0, maxHeight: 240, overflow: 'auto' }}>
        <AnswerShown question={question} answer={answer} />
      </Typography.Paragraph>
      <Radio value={choice}>{choiceLabel}</Radio>
    </div>
  );
}

/**
 * A save was refused because another tab or device saved first, and some questions were changed
 * on both sides: both texts side by side, one choice per question. Everything else was merged.
 */
export function ConflictDialog({
  form,
  conflict,
  onResolve,
}: {
  form: ApplicationForm;
  conflict: AutosaveConflict<ApplicationResponse> | null;
  onResolve: (choices: Record<string, Choice>) => void;
}) {
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const fields = conflict?.fields ?? [];
  const choiceOf = (key: string): Choice => choices[key] ?? 'mine';
  return (
    <Modal
      open={conflict !== null}
      title={CONFLICT_TITLE}
      width={860}
      closable={false}
      mask={{ closable: false }}
      footer={
        <Button
          type="primary"
          onClick={() => {
            onResolve(Object.fromEntries(fields.map((field) => [field.key, choiceOf(field.key)])));
            setChoices({});
          }}
        >
          Save my choices
        </Button>
      }
    >
      <Typography.Paragraph>
        It was saved from another tab or device after you opened it here. Every question changed in only one place keeps
        that change. {fields.length === 1 ? 'This question was' : 'These questions were'} changed in both places: choose
        the text to keep.
      </Typography.Paragraph>
      {fields.map((field) => {
        const question = questionAt(form, field.key);
        if (!question) return null;
        const labelId = `conflict-${field.key.replace('.', '-')}`;
        return (
          <section key={field.key} aria-labelledby={labelId} style={{ marginBottom: 20 }}>
            <Typography.Title level={5} id={labelId} style={{ marginTop: 0 }}>
              {question.questionText}
            </Typography.Title>
            <Radio.Group
              aria-labelledby={labelId}
              style={{ display: 'block' }}
              value={choiceOf(field.key)}
              onChange={(event) => setChoices((current) => ({ ...current, [field.key]: event.target.value as Choice }))}
            >
              <Row gutter={[12, 12]}>
                {SIDES.map((side) => (
                  <Col key={side.choice} xs={24} md={12} style={{ display: 'flex' }}>
                    <Side
                      {...side}
                      question={question}
                      answer={side.choice === 'mine' ? field.mine : field.theirs}
                      selected={choiceOf(field.key) === side.choice}
                    />
                  </Col>
                ))}
              </Row>
            </Radio.Group>
          </section>
        );
      })}
    </Modal>
  );
}
