import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import {
  BeginPasskeyRegistrationDocument, BeginPasskeySignInDocument, FinishPasskeyRegistrationDocument, FinishPasskeySignInDocument,
} from '../../generated/graphql';
import { request } from './graphql';

/**
 * The two halves of each passkey ceremony around the browser's prompt: the server's options go to
 * navigator.credentials (through @simplewebauthn/browser), its answer goes back as JSON text. The
 * browser refusing or the person cancelling throws (a WebAuthnError / NotAllowedError).
 */
export async function registerPasskey(name: string) {
  const { beginPasskeyRegistration: ceremony } = await request(BeginPasskeyRegistrationDocument);
  const response = await startRegistration({ optionsJSON: JSON.parse(ceremony.optionsJson) });
  const { finishPasskeyRegistration } = await request(FinishPasskeyRegistrationDocument, {
    ceremonyToken: ceremony.ceremonyToken, name, response: JSON.stringify(response),
  });
  return finishPasskeyRegistration;
}

export async function signInWithPasskey() {
  const { beginPasskeySignIn: ceremony } = await request(BeginPasskeySignInDocument);
  const response = await startAuthentication({ optionsJSON: JSON.parse(ceremony.optionsJson) });
  const { finishPasskeySignIn } = await request(FinishPasskeySignInDocument, { ceremonyToken: ceremony.ceremonyToken, response: JSON.stringify(response) });
  return finishPasskeySignIn;
}

/** The person closed the browser's prompt or it timed out: not an error worth a red box. */
export function isCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');
}
