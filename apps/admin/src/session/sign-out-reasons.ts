/** Why the admin is back at sign-in without having pressed Sign out, in the words the sign-in page shows. */
export const signOutReasons = {
  keyRefused: 'You were signed out because the store does not accept this API key; sign in with a valid key.',
  switched: (from: string, to: string) =>
    `You were signed out of ${from}, because each environment has its own API key. Sign in to ${to} with its key.`,
  environmentChanged: (name: string) =>
    `You were signed out because this app's settings for ${name} have changed; sign in again.`,
};
