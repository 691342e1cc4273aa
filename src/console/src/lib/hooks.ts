import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleSettingsDocument, ViewerDocument } from '../../generated/graphql';
import { request } from './graphql';
import { formatMoney, formatUnits } from './format';
import { readSession } from './session';
import { resolveTimeZone } from './time-zone';

export function useSettings() {
  return useQuery({ queryKey: ['settings'], queryFn: () => request(ConsoleSettingsDocument), staleTime: Infinity });
}

export function useViewer(enabled = true) {
  return useQuery({ queryKey: ['viewer'], queryFn: () => request(ViewerDocument), enabled });
}

/** Formats quota units as money at the configured display rate; raw units for the tooltip. */
export function useMoney(): (units: string | bigint) => { money: string; units: string } {
  const settings = useSettings();
  const rate = BigInt(settings.data?.consoleSettings.quotaPerUsd ?? '500000');
  return useCallback((units) => ({ money: formatMoney(units, rate), units: formatUnits(units) }), [rate]);
}

/**
 * The viewer's locale (the console language) and time zone: their own setting, else the runtime
 * default, else the browser's (signed out, or before those load). Every date shown or typed uses it.
 */
export function useLocaleFormat(): { locale: string; timeZone: string } {
  const { i18n } = useTranslation();
  const signedIn = readSession() !== null;
  const viewer = useViewer(signedIn);
  const settings = useSettings();
  const timeZone = resolveTimeZone(
    signedIn ? viewer.data?.me.timezone : null, settings.data?.consoleSettings.defaultTimezone, Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  return { locale: i18n.language === 'zh-CN' ? 'zh-CN' : 'en', timeZone };
}
