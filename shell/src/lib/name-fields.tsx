import { Form, Input } from 'antd';
import { zodRule } from '@portal/shared/ui';

type FieldSchema = Parameters<typeof zodRule>[0];

/** First and last name, each checked by its field of `schema` (sign-up, profile, profile completion). */
export function NameFields({ schema }: { schema: { shape: { firstName: FieldSchema; lastName: FieldSchema } } }) {
  return (
    <>
      <Form.Item label="First name" name="firstName" rules={[zodRule(schema.shape.firstName)]}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item label="Last name" name="lastName" rules={[zodRule(schema.shape.lastName)]}>
        <Input autoComplete="family-name" />
      </Form.Item>
    </>
  );
}
