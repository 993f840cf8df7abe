import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { ApiRequestError, usePortal } from '@portal/shared/client';
import { saveFormDefinition } from '../../api/forms';
import { useStaffMutation } from '../../lib/use-staff-mutation';

interface FieldIssue {
  path: string;
  message: string;
}

const fieldIssues = (details: unknown): FieldIssue[] =>
  Array.isArray(details)
    ? details.filter((item): item is FieldIssue => typeof (item as FieldIssue)?.path === 'string')
    : [];

/** Paste a form definition: parsed here, validated and stored by the server (400: per-field problems). */
export function FormDefinitionCard() {
  const { api } = usePortal();
  const [text, setText] = useState('');
  const [parseError, setParseError] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ message: string; issues: FieldIssue[] } | null>(null);
  const save = useStaffMutation((definition: unknown) => saveFormDefinition(api, definition), {
    success: () => 'Form saved!',
    onSuccess: () => setProblems(null),
    onError: (error) => {
      if (!(error instanceof ApiRequestError) || error.status !== 400) return false;
      setProblems({ message: error.message, issues: fieldIssues(error.details) });
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
    save.mutate(definition);
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
          onChange={(event) => setText(event.target.value)}
          style={{ fontFamily: 'monospace' }}
        />
        {parseError && (
          <Typography.Text type="danger" role="alert">
            {parseError}
          </Typography.Text>
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
