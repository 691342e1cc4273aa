import { Button, Card, CopyButton, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MyInvitationPageDocument, type MyInvitationPageQuery } from '../../generated/graphql';
import { Money } from '../components/money';
import { QueryState } from '../components/states';
import { request } from '../lib/graphql';

/** The link carries the code to the sign-up page, which keeps it until the account exists (see sign-up.tsx). */
export function invitationLink(code: string): string {
  return `${window.location.origin}/sign-up?invite=${encodeURIComponent(code)}`;
}

/** What inviting earns now, in words; only the rewards the operator has set. */
function RewardRules({ settings }: { settings: MyInvitationPageQuery['settings'] }) {
  const { t } = useTranslation();
  const verified = settings.invitationRewardsEnabled && settings.inviteVerifiedReward !== '0';
  const commission = settings.invitationRewardsEnabled && settings.inviteCommissionPercent > 0;
  if (!verified && !commission) return <Text size="sm" c="dimmed">{t('invitations.rewardsOff')}</Text>;
  return (
    <Stack gap={2}>
      {verified && <Text size="sm" c="dimmed">{t('invitations.verifiedRule')} <Money units={settings.inviteVerifiedReward} /></Text>}
      {commission && <Text size="sm" c="dimmed">{t('invitations.rules', { percent: settings.inviteCommissionPercent })}</Text>}
    </Stack>
  );
}

export function InvitationsPage() {
  const { t } = useTranslation();
  const invitation = useQuery({ queryKey: ['my-invitation'], queryFn: () => request(MyInvitationPageDocument) });
  const data = invitation.data;
  const link = data ? invitationLink(data.myInvitation.code) : '';
  return (
    <Stack>
      <Title order={2}>{t('invitations.title')}</Title>
      <QueryState loading={invitation.isLoading} error={invitation.error}>
        {data && (
          <>
            <Card withBorder>
              <Stack gap="xs">
                <Group align="end" wrap="nowrap">
                  <TextInput label={t('invitations.link')} value={link} readOnly style={{ flex: 1 }} data-testid="invitation-link" />
                  <CopyButton value={link}>
                    {({ copied, copy }) => <Button onClick={copy} variant="default">{copied ? t('common.copied') : t('common.copy')}</Button>}
                  </CopyButton>
                </Group>
                <RewardRules settings={data.settings} />
              </Stack>
            </Card>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Card withBorder><Text size="sm" c="dimmed">{t('invitations.joined')}</Text><Text fz="xl" fw={700} data-testid="invitation-joined">{data.myInvitation.joined}</Text></Card>
              <Card withBorder><Text size="sm" c="dimmed">{t('invitations.verified')}</Text><Text fz="xl" fw={700} data-testid="invitation-verified">{data.myInvitation.verified}</Text></Card>
              <Card withBorder>
                <Text size="sm" c="dimmed">{t('invitations.earned')}</Text>
                <Text fz="xl" fw={700} data-testid="invitation-earned"><Money units={data.myInvitation.rewardsEarned} /></Text>
              </Card>
            </SimpleGrid>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
