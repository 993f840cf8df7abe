import { Checkbox, Form, Input, Radio, Space, Typography } from 'antd';
import { countWords, TEAM_ROLES, TEAM_ROLE_DISPLAY, type Answer, type Question } from '@portal/shared/domain';
import { FileUploadField } from '../files/file-upload-field';

interface QuestionFieldProps {
  question: Question;
  value: Answer;
  onChange: (value: Answer) => void;
  responseId: string;
  error?: string;
}

function WordCount({ text, min, max }: { text: string; min?: number; max?: number }) {
  const words = countWords(text);
  const outside = (min !== undefined && words > 0 && words < min) || (max !== undefined && words > max);
  const limits = [min !== undefined ? `at least ${min}` : null, max !== undefined ? `at most ${max}` : null].filter(
    Boolean,
  );
  return (
    <Typography.Text type={outside ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
      {words} {words === 1 ? 'word' : 'words'}
      {limits.length > 0 && ` (${limits.join(', ')})`}
    </Typography.Text>
  );
}

function control({ question, value, onChange, responseId }: QuestionFieldProps) {
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  switch (question.questionType) {
    case 'short-answer':
      return (
        <>
          <Input value={text} placeholder={question.placeholder} onChange={(e) => onChange(e.target.value)} />
          <WordCount text={text} min={question.minWords} max={question.maxWords} />
        </>
      );
    case 'long-answer':
      return (
        <>
          <Input.TextArea
            value={text}
            placeholder={question.placeholder}
            autoSize={{ minRows: 4, maxRows: 14 }}
            onChange={(e) => onChange(e.target.value)}
          />
          <WordCount text={text} min={question.minWords} max={question.maxWords} />
        </>
      );
    case 'multiple-choice':
      return (
        <Radio.Group value={text || undefined} onChange={(e) => onChange(String(e.target.value))}>
          <Space orientation="vertical">
            {question.options.map((option) => (
              <Radio key={option} value={option}>
                {option}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      );
    case 'multiple-select':
      return (
        <Checkbox.Group value={list} onChange={(values) => onChange(values.map(String))}>
          <Space orientation="vertical">
            {question.options.map((option) => (
              <Checkbox key={option} value={option}>
                {option}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      );
    case 'role-select':
      return (
        <Checkbox.Group value={list} onChange={(values) => onChange(values.map(String))}>
          <Space orientation="vertical">
            {TEAM_ROLES.map((role) => (
              <Checkbox key={role} value={role}>
                {TEAM_ROLE_DISPLAY[role].emoji} {TEAM_ROLE_DISPLAY[role].label}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      );
    case 'file-upload':
      return <FileUploadField responseId={responseId} question={question} value={text} onChange={onChange} />;
  }
}

/** One question of the section editor, for each of the six question types. */
export function QuestionField(props: QuestionFieldProps) {
  const { question, error } = props;
  return (
    <Form.Item
      label={
        <span>
          {question.questionText}
          {question.optional && <Typography.Text type="secondary"> (optional)</Typography.Text>}
        </span>
      }
      extra={question.secondaryText}
      validateStatus={error ? 'error' : undefined}
      help={error}
      htmlFor={`question-${question.questionId}`}
    >
      <div id={`question-${question.questionId}`} role="group" aria-label={question.questionText}>
        {control(props)}
      </div>
    </Form.Item>
  );
}
