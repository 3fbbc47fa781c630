// Pieces that several sign-in views share: the email and password fields and the links between views. The
// account page asks for the password too, with a form of its own.
import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_RULE, type SignInView, type SignInViewProps } from './sign-in-view';

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

/** A new password states the rule it must meet, and lets the browser's password manager suggest one. */
export function PasswordField({
  form,
  label,
  isNew = false,
}: {
  form: Pick<UseFormReturnType<{ password: string }>, 'getInputProps'>;
  label: string;
  isNew?: boolean;
}) {
  return (
    <PasswordInput
      label={label}
      description={isNew ? PASSWORD_RULE : undefined}
      autoComplete={isNew ? 'new-password' : 'current-password'}
      {...form.getInputProps('password')}
      required
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
