import { Alert, Button, Card, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminInvitationsDocument, AdminUpdateInvitationRewardsDocument } from '../../../generated/graphql';
import { Money } from '../../components/money';
import { QueryState } from '../../components/states';
import { useAdminMutation } from '../../lib/admin-mutation';
import { request } from '../../lib/graphql';

/** Reward rules (runtime settings) and the users whose invitations brought the most people. */
export default function AdminInvitationsPage() {
  const { t } = useTranslation();
  const data = useQuery({ queryKey: ['admin-invitations'], queryFn: () => request(AdminInvitationsDocument, { limit: 50 }) });
  const settings = data.data?.settings;
  const [enabled, setEnabled] = useState(true);
  const [reward, setReward] = useState('0');
  const [percent, setPercent] = useState('0');
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!settings) return;
    setEnabled(settings.invitationRewardsEnabled);
    setReward(settings.inviteVerifiedReward);
    setPercent(String(settings.inviteCommissionPercent));
  }, [settings]);
  const save = useAdminMutation(
    () => request(AdminUpdateInvitationRewardsDocument, {
      input: { invitationRewardsEnabled: enabled, inviteVerifiedReward: reward, inviteCommissionPercent: Number(percent) },
    }).then((r) => r.updateSettings),
    { invalidate: [['admin-invitations'], ['settings']], onFailure: setFailure },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const p = Number(percent);
    if (!/^\d{1,17}$/.test(reward) || !Number.isInteger(p) || p < 0 || p > 100) return setFailure(t('validation.integer'));
    save.mutate(undefined);
  };
  return (
    <Stack>
      <Title order={2}>{t('invitations.adminTitle')}</Title>
      <QueryState loading={data.isLoading} error={data.error}>
        <Card withBorder component="form" onSubmit={submit}>
          <Stack>
            <Switch label={t('invitations.rewardsEnabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} data-testid="invite-rewards-enabled" />
            <TextInput label={t('invitations.verifiedRewardLabel')} description={t('settings.units')} inputMode="numeric" value={reward}
              onChange={(e) => setReward(e.currentTarget.value.trim())} />
            <TextInput label={t('invitations.commissionLabel')} description={t('invitations.commissionHint')} inputMode="numeric" value={percent}
              onChange={(e) => setPercent(e.currentTarget.value.trim())} />
            {failure && <Alert color="red" role="alert">{failure}</Alert>}
            <Group><Button type="submit" loading={save.isPending}>{t('common.save')}</Button></Group>
          </Stack>
        </Card>
        <Card withBorder>
          <Title order={3} mb="sm">{t('invitations.topInviters')}</Title>
          {(data.data?.topInviters.length ?? 0) === 0 ? <Text c="dimmed">{t('common.empty')}</Text> : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('auth.email')}</Table.Th><Table.Th>{t('invitations.joined')}</Table.Th>
                  <Table.Th>{t('invitations.verified')}</Table.Th><Table.Th>{t('invitations.earned')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data?.topInviters.map((s) => (
                  <Table.Tr key={s.user.id}>
                    <Table.Td>{s.user.email}</Table.Td><Table.Td>{s.joined}</Table.Td><Table.Td>{s.verified}</Table.Td>
                    <Table.Td><Money units={s.rewardsEarned} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </QueryState>
    </Stack>
  );
}
