import { Alert, Badge, Button, Card, Code, Group, Image, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BeginTotpSetupDocument, ConfirmTotpSetupDocument, DisableTotpDocument, MyTwoFactorDocument, RegenerateBackupCodesDocument,
} from '../../generated/graphql';
import { notifyOk } from '../components/notify';
import { OneTimeSecret } from '../components/one-time-secret';
import { useErrorText } from '../lib/error-text';
import { request } from '../lib/graphql';
import { asTypedError } from '../lib/typed-result';

export function useTwoFactor(enabled = true) {
  return useQuery({ queryKey: ['two-factor'], queryFn: () => request(MyTwoFactorDocument), enabled });
}

/** The otpauth URI as a QR code, drawn here (no image service sees the secret). */
function QrCode({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void toDataURL(uri, { margin: 1, width: 200 }).then((url) => { if (live) setSrc(url); });
    return () => { live = false; };
  }, [uri]);
  return src ? <Image src={src} w={200} h={200} alt={t('security.qrAlt')} data-testid="totp-qr" /> : null;
}

/** A code the person types to prove they hold the app (or a backup code), and what happens with it. */
function CodeForm({ label, submitLabel, color, onCode, pending }: {
  label: string; submitLabel: string; color?: string; onCode: (code: string) => void; pending: boolean;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!code.trim());
    if (code.trim()) onCode(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end">
        <TextInput label={label} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.currentTarget.value)}
          error={missing ? t('validation.required') : null} />
        <Button type="submit" color={color} loading={pending}>{submitLabel}</Button>
      </Group>
    </form>
  );
}

function BackupCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <OneTimeSecret label={t('security.backupCodes')} secret={codes.join('\n')} warning={t('security.backupCodesWarning')} testId="backup-codes" />
      <Button variant="default" onClick={onDone}>{t('security.savedThem')}</Button>
    </Stack>
  );
}

/** Authenticator-app two-factor: set up with a QR code, confirm, keep backup codes; turn off with a code. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const status = useTwoFactor();
  const [setup, setSetup] = useState<{ otpauthUri: string; secret: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['two-factor'] }).then(() => queryClient.invalidateQueries({ queryKey: ['security-events'] }));

  const begin = useMutation({
    mutationFn: () => request(BeginTotpSetupDocument),
    onSuccess: ({ beginTotpSetup: r }) => (r.__typename === 'TotpSetup' ? setSetup(r) : setFailure(errorText(asTypedError(r)))),
    onError: (e) => setFailure(errorText(e)),
  });
  const confirm = useMutation({
    mutationFn: (code: string) => request(ConfirmTotpSetupDocument, { code }),
    onSuccess: async ({ confirmTotpSetup: r }) => {
      if (r.__typename !== 'BackupCodes') return setFailure(errorText(asTypedError(r)));
      setSetup(null);
      setCodes(r.codes);
      notifyOk(t('security.totpEnabled'));
      // The status is refreshed once the codes are put away (codesSaved): refreshing it now would
      // take an admin who was held to this setup to the full console, and the codes off screen.
      await queryClient.invalidateQueries({ queryKey: ['security-events'] });
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const disable = useMutation({
    mutationFn: (code: string) => request(DisableTotpDocument, { code }),
    onSuccess: async ({ disableTotp: r }) => {
      const error = asTypedError(r);
      if (error) return setFailure(errorText(error));
      notifyOk(t('security.totpDisabled'));
      await refresh();
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const regenerate = useMutation({
    mutationFn: (code: string) => request(RegenerateBackupCodesDocument, { code }),
    onSuccess: async ({ regenerateBackupCodes: r }) => {
      if (r.__typename !== 'BackupCodes') return setFailure(errorText(asTypedError(r)));
      setCodes(r.codes);
      await refresh();
    },
    onError: (e) => setFailure(errorText(e)),
  });
  // Everything is asked again: an admin who was limited to this setup may now use the whole console.
  const codesSaved = () => { setCodes(null); void queryClient.invalidateQueries(); };
  const run = <T,>(fn: (v: T) => void) => (v: T) => { setFailure(null); fn(v); };
  const enabled = status.data?.myTwoFactor.totpEnabled ?? false;

  return (
    <Card withBorder data-testid="two-factor-card">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('security.twoFactorTitle')}</Title>
        {status.data && <Badge color={enabled ? 'green' : 'gray'}>{enabled ? t('security.on') : t('security.off')}</Badge>}
      </Group>
      <Stack>
        {codes && <BackupCodesShown codes={codes} onDone={codesSaved} />}
        {!codes && !enabled && !setup && (
          <>
            <Text size="sm">{t('security.twoFactorIntro')}</Text>
            <Button onClick={() => run(() => begin.mutate())(undefined)} loading={begin.isPending}>{t('security.setUp')}</Button>
          </>
        )}
        {!codes && setup && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <QrCode uri={setup.otpauthUri} />
            <Stack gap="xs">
              <Text size="sm">{t('security.scanHint')}</Text>
              <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>{setup.secret}</Code>
              <CodeForm label={t('security.code')} submitLabel={t('security.confirmCode')} onCode={run(confirm.mutate)} pending={confirm.isPending} />
            </Stack>
          </SimpleGrid>
        )}
        {!codes && enabled && (
          <>
            <Text size="sm">{t('security.backupCodesLeft', { count: status.data?.myTwoFactor.backupCodesRemaining ?? 0 })}</Text>
            <CodeForm label={t('security.codeForNewBackupCodes')} submitLabel={t('security.newBackupCodes')} onCode={run(regenerate.mutate)} pending={regenerate.isPending} />
            <CodeForm label={t('security.codeToTurnOff')} submitLabel={t('security.turnOff')} color="red" onCode={run(disable.mutate)} pending={disable.isPending} />
          </>
        )}
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
      </Stack>
    </Card>
  );
}
