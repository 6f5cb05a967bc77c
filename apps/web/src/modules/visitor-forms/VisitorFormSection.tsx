import type { UseMutationResult } from '@tanstack/react-query';
import { Alert, Button, Card, Form, type FormInstance } from 'antd';
import { type ReactNode, useState } from 'react';
import { showFieldError } from '#web/shared/ui/fieldError.ts';

/**
 * A visitor form posted with a public mutation: on success the form is cleared and `sent` holds
 * what `sentOf` made of the values (`true` unless given); a server field error goes beside its
 * field. `formProps` goes on the `<Form>`: editing the form again clears `sent`.
 */
export function useVisitorForm<V extends object, S = true>(
  mutation: UseMutationResult<unknown, unknown, V>,
  fields: readonly (keyof V & string)[],
  sentOf: (values: V) => S = () => true as S,
) {
  const [form] = Form.useForm<V>();
  const [sent, setSent] = useState<S | null>(null);
  const clearSent = () => setSent(null);

  const onFinish = (values: V) =>
    mutation.mutate(values, {
      onSuccess: () => {
        setSent(sentOf(values));
        form.resetFields();
      },
      onError: (e) => showFieldError(form, e, fields),
    });

  const formProps: { form: FormInstance<V>; onFinish: (values: V) => void; onValuesChange: () => void } = {
    form,
    onFinish,
    onValuesChange: () => sent !== null && clearSent(),
  };
  return { form, sent, clearSent, formProps, pending: mutation.isPending };
}

/**
 * A public page's form section: heading (`id` labels the section) over a card; `sentMessage`, when
 * set, is the closable success note above the form.
 */
export function VisitorFormSection({
  id,
  title,
  sentMessage,
  onSentClose,
  children,
}: {
  id: string;
  title: string;
  sentMessage?: string | null | undefined;
  onSentClose?: () => void;
  children: ReactNode;
}) {
  return (
    <section className="shop-section" aria-labelledby={id}>
      <div className="shop-section-head">
        <h2 id={id}>{title}</h2>
      </div>
      <Card className="feedback-form-card">
        {sentMessage && (
          <Alert
            type="success"
            showIcon
            closable={{ onClose: onSentClose }}
            title={sentMessage}
            style={{ marginBottom: 16 }}
          />
        )}
        {children}
      </Card>
    </section>
  );
}

/**
 * A visitor form (vertical, required marks) posted through `useVisitorForm`'s `formProps`: the
 * fields, then the primary `submit` button, spinning while `pending`.
 */
export function VisitorForm<V extends object>({
  formProps,
  name,
  label,
  submit,
  pending,
  size,
  children,
}: {
  formProps: ReturnType<typeof useVisitorForm<V>>['formProps'];
  name: string;
  label: string;
  submit: string;
  pending: boolean;
  size?: 'large';
  children: ReactNode;
}) {
  return (
    <Form<V> {...formProps} name={name} aria-label={label} layout="vertical" requiredMark>
      {children}
      <Button type="primary" htmlType="submit" size={size} loading={pending}>
        {submit}
      </Button>
    </Form>
  );
}
