import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../lib/hooks';

/** An amount shown as money; the exact quota units on hover/focus. */
export function Money({ units, size }: { units: string; size?: string }) {
  const { t } = useTranslation();
  const format = useMoney();
  const { money, units: raw } = format(units);
  return (
    <Tooltip label={t('common.quotaUnits', { units: raw })} withArrow>
      <Text span size={size} tabIndex={0} style={{ whiteSpace: 'nowrap' }} data-units={units}>
        {money}
      </Text>
    </Tooltip>
  );
}
