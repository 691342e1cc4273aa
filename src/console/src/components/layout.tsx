import { AppShell, Burger, Button, em, getBreakpointValue, Group, NavLink, ScrollArea, SegmentedControl, Text, Title, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SignOutDocument } from '../../generated/graphql';
import { setLanguage } from '../i18n';
import { request } from '../lib/graphql';
import { saveSession } from '../lib/session';

const USER_LINKS = [
  ['/', 'nav.dashboard'], ['/keys', 'nav.keys'], ['/models', 'nav.models'], ['/billing', 'nav.billing'],
  ['/playground', 'nav.playground'], ['/usage', 'nav.usage'], ['/ledger', 'nav.ledger'], ['/account', 'nav.account'],
  ['/pricing', 'nav.pricing'], ['/invitations', 'nav.invitations'],
] as const;
const ADMIN_LINKS = [
  ['/admin', 'nav.adminOverview'], ['/admin/channels', 'nav.adminChannels'], ['/admin/orders', 'nav.adminOrders'],
  ['/admin/users', 'nav.adminUsers'], ['/admin/catalogue', 'nav.adminCatalogue'], ['/admin/codes', 'nav.adminCodes'],
  ['/admin/stats', 'nav.adminStats'],
  ['/admin/settings', 'nav.adminSettings'], ['/admin/sign-in-providers', 'nav.adminSignInProviders'],
  ['/admin/invitations', 'nav.adminInvitations'], ['/admin/announcements', 'nav.adminAnnouncements'],
] as const;

export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label="Language / 语言"
      value={i18n.language === 'zh-CN' ? 'zh-CN' : 'en'}
      onChange={(value) => setLanguage(value)}
      data={[{ value: 'en', label: 'English' }, { value: 'zh-CN', label: '中文' }]}
    />
  );
}

export function Layout({ isAdmin, children }: { isAdmin: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const theme = useMantineTheme();
  // Below the `sm` breakpoint the closed menu is only moved off screen: inert keeps its links out
  // of the Tab order (and from screen readers) until the menu button opens it.
  const phone = useMediaQuery(`(max-width: ${em(getBreakpointValue(theme.breakpoints.sm, theme.breakpoints) - 0.1)})`) ?? false;
  const location = useLocation();
  const signOut = useMutation({
    mutationFn: () => request(SignOutDocument),
    onSettled: () => saveSession(null),
  });
  const link = ([to, label]: readonly [string, string]) => (
    <NavLink key={to} component={Link} to={to} label={t(label)} active={location.pathname === to} onClick={close} />
  );
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.menu')} aria-expanded={opened} aria-controls="main-menu" />
            <Title order={4}>{t('app.title')}</Title>
          </Group>
          <Group wrap="nowrap" gap="xs">
            <LanguageSwitch />
            <Button size="xs" variant="default" loading={signOut.isPending} onClick={() => signOut.mutate()}>{t('nav.signOut')}</Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" id="main-menu" aria-label={t('nav.menu')} inert={phone && !opened}>
        <ScrollArea>
          {USER_LINKS.map(link)}
          {isAdmin && (
            <>
              <Text size="xs" c="dimmed" mt="md" mb={4} px="sm" fw={700}>{t('nav.admin')}</Text>
              {ADMIN_LINKS.map(link)}
            </>
          )}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
