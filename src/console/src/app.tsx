import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { Layout } from './components/layout';
import { onSessionChange, readSession } from './lib/session';
import { useViewer } from './lib/hooks';
import { SignInPage } from './pages/sign-in';
import { SignUpPage } from './pages/sign-up';
import { ProviderSignInPage } from './pages/provider-sign-in';
import { DashboardPage } from './pages/dashboard';
import { KeysPage } from './pages/keys';
import { CataloguePage } from './pages/catalogue';
import { BillingPage } from './pages/billing';
import { PlaygroundPage } from './pages/playground';
import { UsagePage } from './pages/usage';
import { LedgerPage } from './pages/ledger';
import { AccountPage } from './pages/account';
import { VerifyEmailPage } from './pages/verify-email';
import { RegistrationGate } from './pages/registration-gate';
import { VerificationNotice } from './components/verification-notice';
import { TwoFactorRequiredPage } from './pages/two-factor-required';
import { useTwoFactor } from './pages/two-factor-card';
import { PricingPage } from './pages/pricing';
import { InvitationsPage } from './pages/invitations';

// Admin pages are a separate chunk: a user's first load never downloads them.
const AdminOverviewPage = lazy(() => import('./pages/admin/overview'));
const AdminChannelsPage = lazy(() => import('./pages/admin/channels'));
const AdminOrdersPage = lazy(() => import('./pages/admin/orders'));
const AdminUsersPage = lazy(() => import('./pages/admin/users'));
const AdminCataloguePage = lazy(() => import('./pages/admin/catalogue'));
const AdminCodesPage = lazy(() => import('./pages/admin/codes'));
const AdminStatsPage = lazy(() => import('./pages/admin/stats'));
const AdminSettingsPage = lazy(() => import('./pages/admin/settings'));
const AdminInvitationsPage = lazy(() => import('./pages/admin/invitations'));
const AdminAnnouncementsPage = lazy(() => import('./pages/admin/announcements'));
const AdminSignInProvidersPage = lazy(() => import('./pages/admin/sign-in-providers'));

/**
 * Whether a session is held, and whether it ended against the person's will (refused by the
 * server, or its expiry passed) rather than by signing out. The signed-out routes' catch-all
 * sends the person to the sign-in page with that flag: one redirect, so no second navigation
 * can race it and drop the "session ended" notice.
 */
function useSession(): { signedIn: boolean; ended: boolean } {
  const [state, setState] = useState(() => ({ signedIn: readSession() !== null, ended: false }));
  const queryClient = useQueryClient();
  useEffect(() => onSessionChange((session, ended) => {
    if (!session) queryClient.clear();
    setState({ signedIn: session !== null, ended });
  }), [queryClient]);
  // The stored expiry passing while the page is open also ends the session.
  useEffect(() => {
    const timer = setInterval(() => { if (state.signedIn && !readSession()) setState({ signedIn: false, ended: true }); }, 30_000);
    return () => clearInterval(timer);
  }, [state.signedIn]);
  return state;
}

export function App() {
  const { signedIn, ended } = useSession();
  const { pathname, state } = useLocation();
  // Where a person sent to sign in was (set by the signed-out catch-all below).
  const from = (state as { from?: string } | null)?.from;
  const viewer = useViewer(signedIn);
  const isAdmin = viewer.data?.me.role === 'ADMIN';
  // Only admins can be held to set up two-factor first (the operator's setting).
  const twoFactor = useTwoFactor(signedIn && isAdmin);
  if (!signedIn) {
    return (
      <Routes>
        <Route path="/sign-up" element={<RegistrationGate><SignUpPage /></RegistrationGate>} />
        <Route path="/verify-email" element={<VerifyEmailPage signedIn={false} />} />
        <Route path="/sign-in" element={<SignInPage />} />
        <Route path="/sign-in/provider" element={<ProviderSignInPage />} />
        {/* The price list needs no account: a visitor compares before signing up. */}
        <Route path="/pricing" element={<PricingPage standalone />} />
        <Route path="*" element={<Navigate to="/sign-in" replace state={{ from: pathname, expired: ended }} />} />
      </Routes>
    );
  }
  if (pathname === '/verify-email') return <VerifyEmailPage signedIn />;
  if (twoFactor.data?.myTwoFactor.setupRequired) return <TwoFactorRequiredPage />;
  return (
    <Layout isAdmin={isAdmin}>
      <VerificationNotice />
      <Suspense fallback={<Center p="xl"><Loader /></Center>}>
        <Routes>
          <Route path="/" element={<DashboardPage />} />
          <Route path="/keys" element={<KeysPage />} />
          <Route path="/models" element={<CataloguePage />} />
          <Route path="/billing" element={<BillingPage />} />
          <Route path="/usage" element={<UsagePage />} />
          <Route path="/playground" element={<PlaygroundPage />} />
          <Route path="/ledger" element={<LedgerPage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/invitations" element={<InvitationsPage />} />
          {isAdmin && (
            <>
              <Route path="/admin" element={<AdminOverviewPage />} />
              <Route path="/admin/channels" element={<AdminChannelsPage />} />
              <Route path="/admin/orders" element={<AdminOrdersPage />} />
              <Route path="/admin/users" element={<AdminUsersPage />} />
              <Route path="/admin/catalogue" element={<AdminCataloguePage />} />
              <Route path="/admin/codes" element={<AdminCodesPage />} />
              <Route path="/admin/stats" element={<AdminStatsPage />} />
              <Route path="/admin/settings" element={<AdminSettingsPage />} />
              <Route path="/admin/invitations" element={<AdminInvitationsPage />} />
              <Route path="/admin/announcements" element={<AdminAnnouncementsPage />} />
              <Route path="/admin/sign-in-providers" element={<AdminSignInProvidersPage />} />
            </>
          )}
          {/* Signing in lands here: one redirect back to where the person was, so nothing races it. */}
          <Route path="/sign-in" element={<Navigate to={from && from !== '/sign-in' ? from : '/'} replace />} />
          <Route path="/sign-up" element={<Navigate to="/" replace />} />
          <Route path="*" element={viewer.isLoading ? <Center p="xl"><Loader /></Center> : <Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </Layout>
  );
}
