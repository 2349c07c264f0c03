import type { LocalizedText } from './language.ts'

/** What decides how a partner gets in: the demo identities on or off, and how sign-up works. */
export interface WayInSettings {
  demoIdentities: boolean
  signup: 'open' | 'invite' | 'off'
}

/**
 * Every text that tells a partner how to log in, in one place (docs/design.md "The way in"): with
 * the demo identities on, they are named; off (a hosted sandbox), the texts name sign-up and the
 * credentials it answers, and no demo identity at all. The /docs banner, the OpenAPI documents,
 * Authenticate's description and example, the Postman collections, the startup lines and the
 * refusal of a demo login all read it.
 */
export interface WayIn {
  demoIdentities: boolean
  /** How to get credentials, a sentence without markdown (the refusal of a demo login). */
  credentials: LocalizedText
  /** The OpenAPI documents' sentence on authentication (markdown). */
  documents: string
  /** Authenticate's sentence on who may log in (markdown). */
  authenticate: string
  /** Authenticate's example body, and the Postman collections' `username` and `password`. */
  example: { username: string; password: string }
  /** Whether the Postman collections fill `username` and `password` with the example. */
  postmanFillsCredentials: boolean
  /** The Postman collections' paragraph on credentials (markdown). */
  postman: string
  /** The /docs banner's sentence on logging in (plain text, HTML-escaped by its page). */
  docsBanner: string
  /** The startup lines on logging in, for a sandbox at `url`. */
  startupLines: (url: string) => string[]
}

const POSTMAN_TAIL = '`baseUrl` is the host this collection was downloaded from; `language` (en or pt-PT) is sent as Accept-Language on every request.'

/** With the demo identities on: the texts the sandbox has always had. */
const DEMO: WayIn = {
  demoIdentities: true,
  credentials: { 'pt-PT': 'use as identidades de demonstração (broker-a / sandbox)', en: 'use the demo identities (broker-a / sandbox)' },
  documents: `Authenticate with \`POST /v1/authentication\` (the demo \`broker-a\` / \`sandbox\` on a local sandbox; on the hosted
sandbox, the credentials of \`POST /sandbox/signup\`) and send \`Authorization: Bearer <accessToken>\`.`,
  authenticate:
    'Sandbox users: `broker-a` and `broker-a2` (broker A; `broker-a2` does not administer the partner), `broker-b` (broker B of another partner), all with password `sandbox`.',
  example: { username: 'broker-a', password: 'sandbox' },
  postmanFillsCredentials: true,
  postman: `Set the collection variables \`username\` and \`password\`: on a local sandbox the demo \`broker-a\` / \`sandbox\`; on the hosted sandbox the ones \`POST /sandbox/signup\` answers (or that your partner's administrator made with \`POST /sandbox/account/users\`). ${POSTMAN_TAIL}`,
  docsBanner: 'Log in with POST /v1/authentication (broker-a / sandbox), then "Authorize" with the access token.',
  startupLines: () => ['  Demo logins    broker-a / sandbox, broker-a2 / sandbox, broker-b / sandbox'],
}

/** How credentials are had, by the sandbox's sign-up setting. */
const SOURCES = {
  invite: {
    markdown: "`POST /sandbox/signup` answers (sign-up takes an invitation code from the sandbox's operator)",
    plain: "POST /sandbox/signup answers (sign-up takes an invitation code from the sandbox's operator)",
    credentials: {
      'pt-PT':
        'registe o parceiro com POST /sandbox/signup e um código de convite do operador do sandbox, e autentique-se com o utilizador e a palavra-passe que a resposta indica',
      en: "sign up with POST /sandbox/signup and an invitation code from the sandbox's operator, then log in with the username and password it answers",
    },
  },
  open: {
    markdown: '`POST /sandbox/signup` answers',
    plain: 'POST /sandbox/signup answers',
    credentials: {
      'pt-PT': 'registe o parceiro com POST /sandbox/signup e autentique-se com o utilizador e a palavra-passe que a resposta indica',
      en: 'sign up with POST /sandbox/signup, then log in with the username and password it answers',
    },
  },
  off: {
    markdown: "the sandbox's operator gives your partner (sign-up is off)",
    plain: "the sandbox's operator gives your partner (sign-up is off)",
    credentials: { 'pt-PT': 'peça credenciais ao operador do sandbox (o registo está desativado)', en: "ask the sandbox's operator for credentials (sign-up is off)" },
  },
} as const

/** With the demo identities off: sign-up (or the operator) and the credentials it answers. */
function signupWayIn(signup: WayInSettings['signup']): WayIn {
  const source = SOURCES[signup]
  const admin = "or that your partner's administrator creates with `POST /sandbox/account/users`"
  return {
    demoIdentities: false,
    credentials: source.credentials,
    documents: `Authenticate with \`POST /v1/authentication\` and the username and password that ${source.markdown}, ${admin},
and send \`Authorization: Bearer <accessToken>\`.`,
    authenticate: `On this sandbox the credentials are the username and password that ${source.markdown}, ${admin}.`,
    example: { username: 'casa-nova-credito-lda-7k3f', password: 'p8Q2w0sZ1mXy5cT7vB3nA9dE' },
    postmanFillsCredentials: false,
    postman: `Set the collection variables \`username\` and \`password\` to the ones that ${source.markdown}, ${admin}. ${POSTMAN_TAIL}`,
    docsBanner: `Log in with POST /v1/authentication and the username and password that ${source.plain}, then "Authorize" with the access token.`,
    startupLines: (url) => [`  Log in         POST ${url}/v1/authentication, with the username and password that ${source.plain}`],
  }
}

/** The way in of a sandbox with these settings. */
export function wayIn(settings: WayInSettings): WayIn {
  return settings.demoIdentities ? DEMO : signupWayIn(settings.signup)
}
