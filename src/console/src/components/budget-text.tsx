import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SpendBudgetFieldsFragment } from '../../generated/graphql';
import { DateText } from './date-text';
import { Money } from './money';

/** A spend budget (a key's or a user's): its window, what was spent in it, what is left and when it resets; a dash without one. */
export function BudgetText({ budget, testId = 'key-budget' }: { budget: SpendBudgetFieldsFragment | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!budget) return <span data-testid={`${testId}-none`}>—</span>;
  return (
    <div data-testid={testId}>
      <Text size="sm">{t(`keys.budgetPeriods.${budget.period}`)}: <Money units={budget.spent} /> / <Money units={budget.amount} /></Text>
      <Text size="xs" c="dimmed">{t('keys.budgetRemaining')} <Money units={budget.remaining} /> · {t('keys.budgetResets')} <DateText iso={budget.resetsAt} /></Text>
    </div>
  );
}
