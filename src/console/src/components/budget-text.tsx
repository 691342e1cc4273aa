import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TokenFieldsFragment } from '../../generated/graphql';
import { DateText } from './date-text';
import { Money } from './money';

/** A key's spend budget: its window, what was spent in it, what is left and when it resets; a dash without one. */
export function BudgetText({ budget }: { budget: TokenFieldsFragment['budget'] }) {
  const { t } = useTranslation();
  if (!budget) return <>—</>;
  return (
    <div data-testid="key-budget">
      <Text size="sm">{t(`keys.budgetPeriods.${budget.period}`)}: <Money units={budget.spent} /> / <Money units={budget.amount} /></Text>
      <Text size="xs" c="dimmed">{t('keys.budgetRemaining')} <Money units={budget.remaining} /> · {t('keys.budgetResets')} <DateText iso={budget.resetsAt} /></Text>
    </div>
  );
}
