import { useTranslation } from 'react-i18next';
import { GraphQLRequestError } from './graphql';
import type { TypedError } from './typed-result';

/** Any failure as a readable sentence in the current language (typed codes have translations). */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof GraphQLRequestError) return t(`errors.${error.code ?? 'UNKNOWN'}`, { defaultValue: error.message, message: error.message, field: '' });
    if (error && typeof error === 'object' && 'code' in error && 'message' in error) {
      const typed = error as TypedError;
      return t(`errors.${typed.code}`, { defaultValue: typed.message, message: typed.message, field: typed.field ?? '' });
    }
    if (error instanceof TypeError) return t('errors.NETWORK');
    return error instanceof Error ? error.message : String(error);
  };
}
