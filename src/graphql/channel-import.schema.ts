import { CHANNEL_IMPORT_FORMATS, importChannels, type RowError } from '../domain/channels/channel-import';
import { updateChannelsByTag } from '../domain/channels/channel-bulk';
import type { IChannel } from '../db/entities';
import { builder } from './builder';
import { ChannelRef, ChannelStatusEnum } from './channels.schema';
import { InputValidationError } from './errors.schema';
import { unwrap } from './outcome';

const ChannelImportFormatEnum = builder.enumType('ChannelImportFormat', {
  values: CHANNEL_IMPORT_FORMATS,
  description: 'JSON: an array of CreateChannelInput objects (+ keys, tags). CSV: a header row of the same names, lists separated by |, modelMapping as model=upstream pairs separated by |.',
});

const FieldErrorRef = builder.objectRef<{ field: string; message: string }>('ImportFieldError').implement({
  fields: (t) => ({ field: t.exposeString('field'), message: t.exposeString('message') }),
});

const RowErrorRef = builder.objectRef<RowError>('ChannelImportRowError').implement({
  description: 'What is wrong with one row; rows are numbered from 1 over data rows (0: the document itself).',
  fields: (t) => ({
    row: t.exposeInt('row'),
    name: t.exposeString('name', { nullable: true }),
    errors: t.field({ type: [FieldErrorRef], resolve: (r) => r.errors }),
  }),
});

interface ImportAnswer {
  imported: number;
  channels: IChannel[];
  errors: RowError[];
}

const ChannelImportResultRef = builder.objectRef<ImportAnswer>('ChannelImportResult').implement({
  description: 'All or nothing: with any error nothing is imported and `errors` lists every bad row.',
  fields: (t) => ({
    imported: t.exposeInt('imported'),
    channels: t.field({ type: [ChannelRef], resolve: (r) => r.channels }),
    errors: t.field({ type: [RowErrorRef], resolve: (r) => r.errors }),
  }),
});

const ChannelTagUpdateInput = builder.inputType('ChannelTagUpdateInput', {
  fields: (t) => ({
    status: t.field({ type: ChannelStatusEnum, description: 'ENABLED or DISABLED_MANUAL.' }),
    priority: t.int(),
    weight: t.int(),
  }),
});

builder.mutationFields((t) => ({
  importChannels: t.field({
    type: ChannelImportResultRef,
    description: 'Creates many channels (with their keys) from one document, all or nothing.',
    authScopes: { admin: true },
    args: {
      format: t.arg({ type: ChannelImportFormatEnum, required: true }),
      document: t.arg.string({ required: true }),
    },
    resolve: async (_root, { format, document }, ctx) => {
      const result = await importChannels({
        em: ctx.em, changeBus: ctx.services.changeBus, secretBox: ctx.services.secretBox, allowPrivateUpstreams: ctx.services.config.channelAllowPrivate,
      }, format, document);
      return result.ok ? { imported: result.channels.length, channels: result.channels, errors: [] } : { imported: 0, channels: [], errors: result.errors };
    },
  }),
  updateChannelsByTag: t.field({
    type: 'Int',
    description: 'Enables, disables or sets the priority/weight of every channel carrying the tag; answers how many matched.',
    authScopes: { admin: true },
    args: { tag: t.arg.string({ required: true }), input: t.arg({ type: ChannelTagUpdateInput, required: true }) },
    errors: { types: [InputValidationError], union: { name: 'UpdateChannelsByTagResult' }, result: { name: 'UpdateChannelsByTagSuccess' } },
    resolve: async (_root, { tag, input }, ctx) => unwrap(await updateChannelsByTag({ em: ctx.em, changeBus: ctx.services.changeBus }, tag, input)),
  }),
}));
