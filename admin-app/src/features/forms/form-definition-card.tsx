import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { ApiRequestError, useDateFormat, usePortal } from '@portal/shared/client';
import { fieldIssuesOf, type FieldIssue } from '@portal/shared/domain/ids/errors';
import { saveFormDefinition } from '../../api/forms';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { pastDueDate, pastDueMessage } from './past-due-date';

/** Paste a form definition: parsed here, validated and stored by the server (400: per-field problems). */
export function FormDefinitionCard() {
  const { api } = usePortal();
  const format = useDateFormat();
  const [text, setText] = useState('');
  const [parseError, setParseError] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ message: string; issues: FieldIssue[] } | null>(null);
  /** A parsed definition whose due date is past, waiting for "Save anyway". */
  const [pastDue, setPastDue] = useState<{ definition: unknown; dueDate: string } | null>(null);
  const save = useStaffMutation((definition: unknown) => saveFormDefinition(api, definition), {
    success: () => 'Form saved.',
    onSuccess: () => setProblems(null),
    onError: (error) => {
      if (!(error instanceof ApiRequestError) || error.status !== 400) return false;
      setProblems({ message: error.message, issues: fieldIssuesOf(error.details) });
      return true;
    },
  });

  function submit() {
    setProblems(null);
    let definition: unknown;
    try {
      definition = JSON.parse(text);
    } catch (error) {
      setParseError(`This is not valid JSON: ${(error as Error).message}`);
      return;
    }
    setParseError(null);
    const dueDate = pastDueDate(definition);
    if (dueDate) setPastDue({ definition, dueDate });
    else save.mutate(definition);
  }

  function saveAnyway() {
    if (!pastDue) return;
    setPastDue(null);
    save.mutate(pastDue.definition);
  }

  return (
    <Card title="Validate and save a form" role="region" aria-label="Validate and save a form">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Paste the form definition (JSON). Saving a form with the id of an existing one replaces it.
        </Typography.Text>
        <Input.TextArea
          aria-label="Form definition (JSON)"
          rows={12}
          value={text}
          status={parseError ? 'error' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setPastDue(null);
          }}
          style={{ fontFamily: 'monospace' }}
        />
        {parseError && (
          <Typography.Text type="danger" role="alert">
            {parseError}
          </Typography.Text>
        )}
        {pastDue && (
          <Alert
            type="warning"
            showIcon
            title={pastDueMessage(format.dateTime(pastDue.dueDate))}
            action={
              <Button size="small" onClick={saveAnyway}>
                Save anyway
              </Button>
            }
          />
        )}
        {problems && (
          <Alert
            type="error"
            title={problems.message}
            description={
              problems.issues.length > 0 && (
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {problems.issues.map((issue) => (
                    <li key={`${issue.path}: ${issue.message}`}>{`${issue.path}: ${issue.message}`}</li>
                  ))}
                </ul>
              )
            }
          />
        )}
        <Button
          type="primary"
          disabled={!text.trim()}
          loading={save.isPending}
          onClick={submit}
          style={{ alignSelf: 'start' }}
        >
          Validate and save
        </Button>
      </Flex>
    </Card>
  );
}
