// Shapes of /oauth/clients and /oauth/authorizations answers: services/oauth/clientService.ts.
import Type from 'typebox';
import { SCOPES } from '../../domain/account';
import { AI_PLATFORMS } from '../endpoints/oauthClients';
import { stringEnum } from '../parts/stringEnum';

const timestamp = Type.String({ format: 'date-time' });
const scopes = Type.Array(stringEnum(SCOPES));
const platform = Type.Optional(stringEnum(AI_PLATFORMS, { description: 'The AI platform analytics attribute this app\'s calls to.' }));

const clientProperties = {
  clientId: Type.String(),
  name: Type.String(),
  type: stringEnum(['confidential', 'public'], { description: 'public: no secret, PKCE S256 required.' }),
  redirectUris: Type.Array(Type.String({ format: 'uri' }), { description: 'Compared exactly.' }),
  scopes: { ...scopes, description: 'The scopes this app may ask for.' },
  platform,
  createdAt: timestamp,
};

export const oauthClientSchema = Type.Object(clientProperties);

export const oauthClientWithSecretSchema = Type.Object({
  ...clientProperties,
  clientSecret: Type.Optional(Type.String({ description: 'Shown once, here; stored hashed. Absent for public clients.' })),
});

export const oauthClientListSchema = Type.Array(oauthClientSchema, { description: 'The account\'s apps, without secrets.' });

export const oauthAuthorizationListSchema = Type.Array(
  Type.Object({ clientId: Type.String(), name: Type.String(), platform, scopes: { ...scopes, description: 'What the account consented to.' }, authorizedAt: timestamp }),
  { description: 'Apps this account has allowed to act for it.' },
);
