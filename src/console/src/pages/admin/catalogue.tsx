import { Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminCatalogueDocument } from '../../../generated/graphql';
import { QueryState } from '../../components/states';
import { request } from '../../lib/graphql';
import { GroupsTab } from './catalogue/groups-tab';
import { CATALOGUE_QUERY_KEY } from './catalogue/shared';
import { ModelsTab } from './catalogue/models-tab';
import { PackagesTab } from './catalogue/packages-tab';
import { VendorsTab } from './catalogue/vendors-tab';

const TABS = ['models', 'vendors', 'groups', 'packages'] as const;

/** Models (with price versions), vendors (with vendor-wide factors), groups and packages. The tab is in the URL. */
export default function AdminCataloguePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab')! : 'models';
  const data = useQuery({ queryKey: CATALOGUE_QUERY_KEY, queryFn: () => request(AdminCatalogueDocument) });
  const d = data.data;
  return (
    <Stack>
      <Title order={2}>{t('admin.catalogue.title')}</Title>
      <QueryState loading={data.isLoading} error={data.error}>
        {d && (
          <Tabs value={tab} onChange={(v) => setParams(v && v !== 'models' ? { tab: v } : {}, { replace: true })}>
            <Tabs.List>
              {TABS.map((name) => <Tabs.Tab key={name} value={name}>{t(`admin.catalogue.${name}`)}</Tabs.Tab>)}
            </Tabs.List>
            <Tabs.Panel value="models" pt="sm"><ModelsTab data={d} /></Tabs.Panel>
            <Tabs.Panel value="vendors" pt="sm"><VendorsTab data={d} /></Tabs.Panel>
            <Tabs.Panel value="groups" pt="sm"><GroupsTab data={d} /></Tabs.Panel>
            <Tabs.Panel value="packages" pt="sm"><PackagesTab data={d} /></Tabs.Panel>
          </Tabs>
        )}
      </QueryState>
    </Stack>
  );
}
