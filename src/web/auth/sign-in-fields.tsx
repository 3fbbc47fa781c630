// Pieces that several sign-in views share: the email field and the links between views.
import { Anchor, TextInput } from '@mantine/core';
import type { SignInView, SignInViewProps } from './sign-in-view';

export function EmailField({
  form,
  required = true,
}: Pick<SignInViewProps, 'form'> & { required?: boolean }) {
  return (
    <TextInput
      label="Email address"
      type="email"
      autoComplete="email"
      {...form.getInputProps('email')}
      required={required}
    />
  );
}

export function ViewLink({ go, to, label }: Pick<SignInViewProps, 'go'> & { to: SignInView; label: string }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={() => go(to)}>
      {label}
    </Anchor>
  );
}
