import { useState } from 'react';
import { Button, Card, Checkbox, Empty, Flex, Select, Typography } from 'antd';
import { formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import { asksQuestions, emptyAnswer, visibleSections } from '@portal/shared/domain/rules/form-rules';
import { questionSchema, type ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { Answer } from '@portal/shared/domain/schemas/responses';
import { DateTime, Markdown, QuestionField, SectionView, type FileFieldProps as FileProps } from '@portal/shared/ui';
import type { FormDraft } from './draft';

/** The preview's file control: what the applicant sees before choosing a file, without uploading. */
function PreviewFile({ inputId, describedBy }: FileProps) {
  return (
    <Button id={inputId} aria-describedby={describedBy} disabled>
      Choose a file
    </Button>
  );
}

/**
 * The draft as an applicant's editor shows it (the same section and question components),
 * for the roles picked here: sections for other roles are hidden as they would be. Answers typed
 * into it stay in the preview.
 */
export function FormPreview({
  draft,
  sectionIndex,
  onSectionIndex,
}: {
  draft: FormDraft;
  /** The section shown: an index into `draft.sections` (the builder opens one, the preview follows). */
  sectionIndex: number;
  onSectionIndex: (index: number) => void;
}) {
  const roles = formTeamRoles(draft);
  const [picked, setPicked] = useState<string[]>([]);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const form = { ...draft, isActive: false, decisionsReleased: false } as ApplicationForm;
  const visible = visibleSections(form, picked);
  const wanted = draft.sections[sectionIndex];
  const section = visible.includes(wanted!) ? wanted : visible[0];
  const position = section ? visible.indexOf(section) : -1;
  const go = (target: number) => {
    const next = visible[target];
    if (next) onSectionIndex(draft.sections.indexOf(next));
  };
  return (
    <Flex vertical gap={12} role="region" aria-label="Preview">
      <Card size="small">
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {`${draft.semester || 'Untitled'} application`}
        </Typography.Title>
        {!Number.isNaN(new Date(draft.dueDate).getTime()) && (
          <Typography.Text type="secondary">
            Due <DateTime value={draft.dueDate} />
          </Typography.Text>
        )}
        {draft.description && <Markdown style={{ marginTop: 8 }}>{draft.description}</Markdown>}
      </Card>
      <Card size="small" title="Preview as an applicant for">
        <Checkbox.Group
          aria-label="Preview as an applicant for"
          value={picked}
          onChange={(values) => setPicked(values.map(String))}
          options={roles.map((role) => ({ value: role.id, label: `${role.emoji ?? ''} ${role.label}`.trim() }))}
        />
      </Card>
      {section ? (
        <Card>
          <Select
            aria-label="Section shown"
            value={position}
            style={{ width: '100%', marginBottom: 16 }}
            options={visible.map((s, index) => ({
              value: index,
              label: `${index + 1}. ${s.sectionName || 'New section'}`,
            }))}
            onChange={(index: number) => go(index)}
          />
          <SectionView section={section}>
            {/* A section of text alone is complete: its text is what applicants read. */}
            {!asksQuestions(section) && !section.description && (
              <Typography.Text type="secondary">No questions yet.</Typography.Text>
            )}
            {section.questions.map((question, q) => {
              const valid = questionSchema.safeParse(question);
              if (!valid.success) {
                return (
                  <Typography.Paragraph key={q} type="secondary">
                    {`Question ${q + 1} appears here once its text and settings are complete.`}
                  </Typography.Paragraph>
                );
              }
              const key = `${section.sectionId}.${question.questionId}`;
              return (
                <QuestionField
                  key={q}
                  question={valid.data}
                  sectionId={`preview-${section.sectionId}`}
                  responseId="preview"
                  value={answers[key] ?? emptyAnswer(valid.data)}
                  onChange={(value) => setAnswers((current) => ({ ...current, [key]: value }))}
                  teamRoles={roles}
                  renderFile={(props) => <PreviewFile {...props} />}
                />
              );
            })}
          </SectionView>
          <Flex justify="space-between">
            <Button onClick={() => go(position - 1)} disabled={position <= 0}>
              Previous
            </Button>
            <Button type="primary" onClick={() => go(position + 1)} disabled={position >= visible.length - 1}>
              Next
            </Button>
          </Flex>
        </Card>
      ) : (
        <Empty description="No section is shown to an applicant with these roles." />
      )}
    </Flex>
  );
}
