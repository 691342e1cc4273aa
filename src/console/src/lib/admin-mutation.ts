import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyOk } from '../components/notify';
import { useErrorText } from './error-text';
import { asTypedError } from './typed-result';

type Result = { __typename?: string } | null | undefined;

/**
 * The admin pages' one way to run a mutation: a typed error result (`... on Error`) or a thrown
 * GraphQL/transport error becomes a readable message (in the form's alert when `onFailure` is
 * given, else a notification); success says "Saved", refreshes the listed queries and calls `onSaved`.
 */
export function useAdminMutation<TVars, TResult extends Result>(
  run: (vars: TVars) => Promise<TResult>,
  options: { invalidate: string[][]; onSaved?: (result: TResult) => void; onFailure?: (text: string) => void; savedText?: string },
) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const fail = (text: string) => (options.onFailure ? options.onFailure(text) : notifyError(text));
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      const error = asTypedError(result);
      if (error) return fail(errorText(error));
      notifyOk(options.savedText ?? t('common.saved'));
      for (const queryKey of options.invalidate) void queryClient.invalidateQueries({ queryKey });
      options.onSaved?.(result);
    },
    onError: (error) => fail(errorText(error)),
  });
}
