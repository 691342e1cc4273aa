import { Alert, Button, FileInput, Group, SegmentedControl, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminImportChannelsDocument, type AdminImportChannelsMutation, type ChannelImportFormat } from '../../../generated/graphql';
import { DataTable } from '../../components/data-table';
import { useErrorText } from '../../lib/error-text';
import { request } from '../../lib/graphql';

const EXAMPLE: Record<ChannelImportFormat, string> = {
  JSON: '[{ "name": "openai-1", "protocol": "OPENAI", "baseUrl": "https://api.openai.com/v1", "keys": ["sk-..."], "models": ["gpt-4o-mini"], "groups": ["default"], "tags": ["openai"] }]',
  CSV: 'name,protocol,baseUrl,keys,models,groups,tags\nopenai-1,OPENAI,https://api.openai.com/v1,sk-...|sk-...,gpt-4o-mini|gpt-4o,default,openai',
};

type Report = AdminImportChannelsMutation['importChannels'];

/** Many channels from one pasted or uploaded JSON/CSV document, all or nothing; every bad row is listed. */
export function ChannelImport({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ChannelImportFormat>('JSON');
  const [document, setDocument] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => request(AdminImportChannelsDocument, { document, format }),
    onSuccess: ({ importChannels }) => {
      setReport(importChannels);
      if (importChannels.imported > 0) void queryClient.invalidateQueries({ queryKey: ['admin-channels'] });
    },
    onError: (e) => setFailure(errorText(e)),
  });
  const upload = async (file: File | null) => {
    if (!file) return;
    if (/\.csv$/i.test(file.name)) setFormat('CSV');
    if (/\.json$/i.test(file.name)) setFormat('JSON');
    setDocument(await file.text());
  };
  return (
    <Stack>
      <Group align="flex-end">
        <SegmentedControl value={format} onChange={(v) => setFormat(v as ChannelImportFormat)} data={['JSON', 'CSV']} aria-label={t('admin.import.format')} />
        <FileInput label={t('admin.import.upload')} placeholder={t('admin.import.chooseFile')} accept=".json,.csv,application/json,text/csv" onChange={(f) => void upload(f)} clearable w={240} />
      </Group>
      <Textarea label={t('admin.import.document')} description={t('admin.import.hint')} placeholder={EXAMPLE[format]} autosize minRows={6} maxRows={16}
        value={document} onChange={(e) => setDocument(e.currentTarget.value)} spellCheck={false} styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} />
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      {report && report.errors.length === 0 && <Alert color="green" data-testid="import-report">{t('admin.import.imported', { count: report.imported })}</Alert>}
      {report && report.errors.length > 0 && (
        <Alert color="red" title={t('admin.import.failed', { count: report.errors.length })} data-testid="import-report">
          <DataTable minWidth={480} headers={[t('admin.import.row'), t('admin.channels.name'), t('admin.import.problems')]}>
            {report.errors.map((e) => (
              <Table.Tr key={`${e.row}-${e.name ?? ''}`}>
                <Table.Td>{e.row === 0 ? t('admin.import.wholeDocument') : e.row}</Table.Td><Table.Td>{e.name ?? '—'}</Table.Td>
                <Table.Td>{e.errors.map((f, i) => <Text key={i} size="sm"><Text span ff="monospace" fw={600}>{f.field}</Text>: {f.message}</Text>)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Alert>
      )}
      <Group>
        <Button disabled={!document.trim()} loading={run.isPending} onClick={() => { setFailure(null); setReport(null); run.mutate(); }}>{t('admin.import.run')}</Button>
        {report && report.errors.length === 0 && <Button variant="default" onClick={onImported}>{t('common.close')}</Button>}
      </Group>
    </Stack>
  );
}
