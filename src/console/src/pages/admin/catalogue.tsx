import { Badge, Card, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminArchivePackageDocument, AdminCatalogueDocument, AdminDeprecateModelDocument } from '../../../generated/graphql';
import { ConfirmButton } from '../../components/confirm';
import { Money } from '../../components/money';
import { notifyError, notifyOk } from '../../components/notify';
import { QueryState } from '../../components/states';
import { useErrorText } from '../../lib/error-text';
import { request } from '../../lib/graphql';
import { asTypedError } from '../../lib/typed-result';
import { PriceCells } from '../catalogue';

/** Models, vendors, groups and packages. Creating and editing them is not in the console yet (GraphQL only). */
export default function AdminCataloguePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const data = useQuery({ queryKey: ['admin-catalogue'], queryFn: () => request(AdminCatalogueDocument) });
  const after = (result: { __typename?: string }) => {
    const error = asTypedError(result);
    if (error) notifyError(errorText(error)); else notifyOk(t('common.saved'));
    void queryClient.invalidateQueries({ queryKey: ['admin-catalogue'] });
  };
  const deprecate = useMutation({ mutationFn: (modelId: string) => request(AdminDeprecateModelDocument, { modelId }), onSuccess: (r) => after(r.deprecateModel), onError: (e) => notifyError(errorText(e)) });
  const archive = useMutation({ mutationFn: (id: string) => request(AdminArchivePackageDocument, { id }), onSuccess: (r) => after(r.archivePackage), onError: (e) => notifyError(errorText(e)) });
  const d = data.data;
  return (
    <Stack>
      <Title order={2}>{t('admin.catalogue.title')}</Title>
      <Text size="sm" c="dimmed">{t('admin.catalogue.editNote')}</Text>
      <QueryState loading={data.isLoading} error={data.error}>
        {d && (
          <Tabs defaultValue="models">
            <Tabs.List>
              <Tabs.Tab value="models">{t('admin.catalogue.models')}</Tabs.Tab>
              <Tabs.Tab value="vendors">{t('admin.catalogue.vendors')}</Tabs.Tab>
              <Tabs.Tab value="groups">{t('admin.catalogue.groups')}</Tabs.Tab>
              <Tabs.Tab value="packages">{t('admin.catalogue.packages')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="models" pt="sm">
              <Card withBorder p={0}><Table.ScrollContainer minWidth={800}><Table striped>
                <Table.Thead><Table.Tr><Table.Th>{t('models.model')}</Table.Th><Table.Th>{t('admin.catalogue.vendor')}</Table.Th><Table.Th>{t('models.tier')}</Table.Th><Table.Th>{t('admin.catalogue.status')}</Table.Th><Table.Th>{t('models.input')}</Table.Th><Table.Th>{t('models.output')}</Table.Th><Table.Th>{t('common.actions')}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>{d.models.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td ff="monospace">{m.modelId}</Table.Td><Table.Td>{m.vendor.name}</Table.Td><Table.Td><Badge color={m.tier === 'SVIP' ? 'grape' : 'teal'}>{m.tier}</Badge></Table.Td>
                    <Table.Td>{m.status}</Table.Td><PriceCells model={m} />
                    <Table.Td>{m.status === 'ACTIVE' && <ConfirmButton label={t('admin.catalogue.deprecate')} question={t('admin.catalogue.deprecateConfirm', { model: m.modelId })} onConfirm={() => deprecate.mutateAsync(m.modelId)} />}</Table.Td>
                  </Table.Tr>))}
                </Table.Tbody>
              </Table></Table.ScrollContainer></Card>
            </Tabs.Panel>
            <Tabs.Panel value="vendors" pt="sm">
              <Card withBorder p={0}><Table><Table.Tbody>{d.vendors.map((v) => <Table.Tr key={v.id}><Table.Td>{v.name}</Table.Td><Table.Td ff="monospace">{v.slug}</Table.Td></Table.Tr>)}</Table.Tbody></Table></Card>
            </Tabs.Panel>
            <Tabs.Panel value="groups" pt="sm">
              <Card withBorder p={0}><Table.ScrollContainer minWidth={700}><Table striped>
                <Table.Thead><Table.Tr><Table.Th>{t('keys.group')}</Table.Th><Table.Th>{t('admin.catalogue.multiplier')}</Table.Th><Table.Th>{t('admin.catalogue.open')}</Table.Th><Table.Th>{t('admin.catalogue.tiers')}</Table.Th><Table.Th>{t('admin.catalogue.members')}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>{d.allGroups.map((g) => (
                  <Table.Tr key={g.id}><Table.Td>{g.name}<Text size="xs" c="dimmed">{g.description}</Text></Table.Td><Table.Td>×{Number(g.priceMultiplier)}</Table.Td>
                    <Table.Td>{g.open ? t('common.yes') : t('common.no')}</Table.Td><Table.Td>{g.permittedTiers.join(', ')}</Table.Td>
                    <Table.Td><Text size="xs">{(g.members ?? []).map((m) => m.email).join(', ') || '—'}</Text></Table.Td></Table.Tr>))}
                </Table.Tbody>
              </Table></Table.ScrollContainer></Card>
            </Tabs.Panel>
            <Tabs.Panel value="packages" pt="sm">
              <Card withBorder p={0}><Table.ScrollContainer minWidth={700}><Table striped>
                <Table.Thead><Table.Tr><Table.Th>{t('billing.package')}</Table.Th><Table.Th>{t('billing.amount')}</Table.Th><Table.Th>{t('admin.catalogue.days')}</Table.Th><Table.Th>{t('admin.catalogue.quota')}</Table.Th><Table.Th>{t('admin.catalogue.status')}</Table.Th><Table.Th>{t('common.actions')}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>{d.packages.map((p) => (
                  <Table.Tr key={p.id}><Table.Td>{p.name}</Table.Td><Table.Td>{p.price} {p.currency}</Table.Td><Table.Td>{p.durationDays}</Table.Td><Table.Td><Money units={p.quotaPerPeriod} /></Table.Td><Table.Td>{p.status}</Table.Td>
                    <Table.Td>{p.status !== 'ARCHIVED' && <ConfirmButton label={t('admin.catalogue.archive')} question={t('admin.catalogue.archiveConfirm', { name: p.name })} onConfirm={() => archive.mutateAsync(p.id)} />}</Table.Td></Table.Tr>))}
                </Table.Tbody>
              </Table></Table.ScrollContainer></Card>
            </Tabs.Panel>
          </Tabs>
        )}
      </QueryState>
    </Stack>
  );
}
