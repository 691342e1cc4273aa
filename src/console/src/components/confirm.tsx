import { Button, Group, Modal, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A button whose action runs only after the person confirms it (destructive actions). */
export function ConfirmButton({ label, question, onConfirm, color = 'red', size = 'xs', variant = 'light' }: {
  label: ReactNode; question: string; onConfirm: () => void | Promise<unknown>; color?: string; size?: string; variant?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button size={size} color={color} variant={variant} onClick={() => setOpen(true)}>{label}</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('common.confirmTitle')} centered>
        <Text mb="md">{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button color={color} loading={busy} onClick={async () => {
            setBusy(true);
            try { await onConfirm(); } finally { setBusy(false); setOpen(false); }
          }}>{t('common.confirm')}</Button>
        </Group>
      </Modal>
    </>
  );
}
