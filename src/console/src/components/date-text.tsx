import { formatDate } from '../lib/format';
import { useLocaleFormat } from '../lib/hooks';

/** A timestamp in the viewer's language and time zone, the ISO value on hover. */
export function DateText({ iso }: { iso: string | null | undefined }) {
  const { locale, timeZone } = useLocaleFormat();
  return <time dateTime={iso ?? undefined} title={iso ?? undefined}>{formatDate(iso, locale, timeZone)}</time>;
}
