import { Alert, Button, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminCreateUserDocument, type UserRole } from '../../../generated/graphql';
import { useAdminMutation } from '../../lib/admin-mutation';
import { request } from '../../lib/graphql';
import { checkEmail, checkPassword } from '../../lib/validation';

/** A new account (with the sign-up grant). Without a password the server generates one, shown once. */
export function UserCreateForm({ onCreated }: { onCreated: (email: string, oneTimePassword: string | null) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<UserRole>('USER');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = { email: checkEmail(email), password: password ? checkPassword(password) : null };
  const create = useAdminMutation(() => request(AdminCreateUserDocument, { email: email.trim(), password: password || null, role }).then((r) => r.createUser), {
    invalidate: [['admin-users']], onFailure: setFailure,
    onSaved: (r) => { if (r.__typename === 'AdminCreatedUser') onCreated(r.user.email, r.oneTimePassword); },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (!Object.values(errors).some(Boolean)) create.mutate(undefined);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('auth.email')} type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={touched && errors.email ? t(errors.email) : null} data-autofocus />
        <PasswordInput label={t('auth.password')} description={t('admin.users.passwordOptional')} value={password} onChange={(e) => setPassword(e.currentTarget.value)}
          error={touched && errors.password ? t(errors.password) : null} autoComplete="new-password" />
        <Select label={t('admin.users.role')} value={role} allowDeselect={false} onChange={(v) => setRole((v ?? 'USER') as UserRole)} data={['USER', 'ADMIN']} />
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Button type="submit" loading={create.isPending}>{t('admin.users.create')}</Button>
      </Stack>
    </form>
  );
}
