import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UserBudgetDocument } from '../../generated/graphql';
import { BudgetText } from '../components/budget-text';
import { QueryState } from '../components/states';
import { request } from '../lib/graphql';

/** The signed-in user's own budget over all their keys; only an administrator sets it. */
export function BudgetCard() {
  const { t } = useTranslation();
  const budget = useQuery({ queryKey: ['user-budget', 'me'], queryFn: () => request(UserBudgetDocument, {}) });
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={4}>{t('budget.title')}</Title>
        <QueryState loading={budget.isLoading} error={budget.error}>
          {budget.data?.userBudget.budget
            ? <BudgetText budget={budget.data.userBudget.budget} testId="user-budget" />
            : <Text size="sm" c="dimmed" data-testid="user-budget-none">{t('budget.noUserBudget')}</Text>}
          <Text size="xs" c="dimmed">{t('budget.userHint')}</Text>
        </QueryState>
      </Stack>
    </Card>
  );
}
