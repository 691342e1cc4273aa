import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminUserPickerDocument } from '../../../generated/graphql';
import { request } from '../../lib/graphql';

/** A user chosen by typing part of their e-mail (the first 10 matches). */
export function UserPicker({ label, value, onChange, w }: { label: string; value: string | null; onChange: (id: string | null) => void; w?: number }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const users = useQuery({ queryKey: ['user-picker', debounced], queryFn: () => request(AdminUserPickerDocument, { emailContains: debounced }), enabled: debounced.length >= 2 });
  return (
    <Select label={label} placeholder={t('admin.groups.searchEmail')} searchable clearable searchValue={search} onSearchChange={setSearch}
      value={value} onChange={onChange} nothingFoundMessage={debounced.length >= 2 && !users.isFetching ? t('common.empty') : null} filter={({ options }) => options}
      data={users.data?.users.edges.map((e) => ({ value: e.node.id, label: e.node.email })) ?? []} w={w} />
  );
}
