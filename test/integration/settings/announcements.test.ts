import { ManualClock } from '../../../src/lib/clock';
import {
  ActiveAnnouncementsDocument, AllAnnouncementsDocument, CreateAnnouncementDocument, DeleteAnnouncementDocument, UpdateAnnouncementDocument,
} from '../../generated/graphql';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await adminSession(app);
});
afterAll(() => app.close());

const create = async (input: { title: string; body: string; startsAt?: string | null; expiresAt?: string | null }) =>
  (await gqlData(app, CreateAnnouncementDocument, { input }, admin)).createAnnouncement;
const activeTitles = async () => (await gqlData(app, ActiveAnnouncementsDocument)).announcements.map((a) => a.title);

describe('announcements', () => {
  it('are listed to anyone from their start until their expiry; admins see every one', async () => {
    const original = app.server.services.clock;
    const clock = new ManualClock('2031-03-01T00:00:00Z');
    app.server.services.clock = clock;
    try {
      expectTypename(await create({ title: 'Now', body: 'Shown **now**.' }), 'Announcement');
      expectTypename(await create({ title: 'Later', body: 'Next week.', startsAt: '2031-03-08T00:00:00Z' }), 'Announcement');
      const short = expectTypename(await create({ title: 'Short', body: 'One day.', expiresAt: '2031-03-02T00:00:00Z' }), 'Announcement');
      expect(short.startsAt).toBe('2031-03-01T00:00:00.000Z');
      expect((await activeTitles()).sort()).toEqual(['Now', 'Short']);

      clock.set(new Date('2031-03-03T00:00:00Z'));
      expect(await activeTitles()).toEqual(['Now']);
      clock.set(new Date('2031-03-09T00:00:00Z'));
      expect(await activeTitles()).toEqual(['Later', 'Now']);
      expect((await gqlData(app, AllAnnouncementsDocument, {}, admin)).allAnnouncements.map((a) => a.title).sort()).toEqual(['Later', 'Now', 'Short']);
    } finally {
      app.server.services.clock = original;
    }
  });

  it('are edited and removed by admins; bad input names the field', async () => {
    const made = expectTypename(await create({ title: 'Edit me', body: 'v1', startsAt: '2020-01-01T00:00:00Z' }), 'Announcement');
    const edited = (await gqlData(app, UpdateAnnouncementDocument, { id: made.id, input: { title: 'Edited', body: 'v2', expiresAt: '2099-01-01T00:00:00Z' } }, admin)).updateAnnouncement;
    // An edit without a start keeps the start it had.
    expect(edited).toMatchObject({ __typename: 'Announcement', title: 'Edited', startsAt: '2020-01-01T00:00:00.000Z', expiresAt: '2099-01-01T00:00:00.000Z' });
    expect(await activeTitles()).toContain('Edited');

    expect(await create({ title: ' ', body: 'x' })).toMatchObject({ __typename: 'InputValidationError', field: 'title' });
    expect(await create({ title: 'x', body: 'x'.repeat(20_001) })).toMatchObject({ __typename: 'InputValidationError', field: 'body' });
    expect(await create({ title: 'x', body: 'x', startsAt: '2030-01-02T00:00:00Z', expiresAt: '2030-01-01T00:00:00Z' }))
      .toMatchObject({ __typename: 'InputValidationError', field: 'expiresAt' });

    expect((await gqlData(app, DeleteAnnouncementDocument, { id: made.id }, admin)).deleteAnnouncement).toEqual({ __typename: 'Announcement', id: made.id });
    expect(await activeTitles()).not.toContain('Edited');
    expect((await gqlData(app, DeleteAnnouncementDocument, { id: made.id }, admin)).deleteAnnouncement).toMatchObject({ code: 'NOT_FOUND' });
    expect((await gqlData(app, DeleteAnnouncementDocument, { id: 'nope' }, admin)).deleteAnnouncement).toMatchObject({ code: 'NOT_FOUND' });
  });
});
