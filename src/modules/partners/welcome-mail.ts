import type { Lang } from '../../common/language.ts'

interface Welcome {
  partnerName: string
  partnerUniqueID: string
  brokerId: number
  username: string
}

/**
 * The e-mail a new partner's contact gets: who they are in the sandbox and how to start. Never the
 * password: it was answered once, to whoever signed up.
 */
export function welcomeMail(w: Welcome, lang: Lang): { subject: string; body: string } {
  if (lang === 'en') {
    return {
      subject: `Welcome to the Mortgage Partner Portal sandbox, ${w.partnerName}`,
      body: [
        `Your partner ${w.partnerName} is ready on the sandbox.`,
        '',
        `partnerUniqueID: ${w.partnerUniqueID}`,
        `brokerId: ${w.brokerId}`,
        `username: ${w.username} (the password was shown once, when you signed up)`,
        '',
        'Log in with POST /v1/authentication { "username", "password" } and send the accessToken as a bearer token.',
        'GET /sandbox/account shows your brokers, users, quotas and how long the sandbox keeps your data.',
        'The interactive reference is at /docs.',
        '',
        'This e-mail was sent by a sandbox (test) environment.',
      ].join('\n'),
    }
  }
  return {
    subject: `Bem-vindo ao sandbox do Portal de Parceiros de Crédito Habitação, ${w.partnerName}`,
    body: [
      `O parceiro ${w.partnerName} está pronto no sandbox.`,
      '',
      `partnerUniqueID: ${w.partnerUniqueID}`,
      `brokerId: ${w.brokerId}`,
      `utilizador: ${w.username} (a palavra-passe foi mostrada uma única vez, no registo)`,
      '',
      'Autentique-se com POST /v1/authentication { "username", "password" } e envie o accessToken como token de portador (Bearer).',
      'GET /sandbox/account mostra os seus mediadores, utilizadores, quotas e durante quanto tempo o sandbox guarda os seus dados.',
      'A referência interativa está em /docs.',
      '',
      'Este e-mail foi enviado por um ambiente de testes (sandbox).',
    ].join('\n'),
  }
}
