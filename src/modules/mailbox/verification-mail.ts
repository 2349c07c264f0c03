import type { Lang } from '../../common/language.ts'

/** What the mailbox keeps in place of the code: the partner must read it at the address itself. */
const CODE_KEPT_OUT = { 'pt-PT': '[código enviado só para o endereço]', en: '[code sent to the address only]' }

/**
 * The e-mail that proves an address: its code, and what to do if nobody there asked for it. No text
 * of the partner's (not even its name): the mail goes to an address nobody has vouched for yet, from
 * the bank's sender. Returns the text relayed and the text the mailbox keeps.
 */
export function verificationMail(recipientId: string, code: string, hoursValid: number, lang: Lang): { subject: string; text: string; capturedText: string } {
  const body = (shown: string) =>
    lang === 'en'
      ? [
          'A partner of the Mortgage Partner Portal sandbox asked to send its test e-mails (ESIS sheets) to this address.',
          '',
          `If that was you, confirm the address with this code, valid for ${hoursValid} hours: ${shown}`,
          `(POST /sandbox/account/mail-recipients/${recipientId}/verify { "code": "…" })`,
          '',
          'If it was not, ignore this e-mail: the sandbox sends nothing else to this address unless the code is confirmed.',
          '',
          'This e-mail was sent by a sandbox (test) environment.',
        ].join('\n')
      : [
          'Um parceiro do sandbox do Portal de Parceiros de Crédito Habitação pediu para enviar os seus e-mails de teste (fichas FINE) para este endereço.',
          '',
          `Se foi o próprio, confirme o endereço com este código, válido durante ${hoursValid} horas: ${shown}`,
          `(POST /sandbox/account/mail-recipients/${recipientId}/verify { "code": "…" })`,
          '',
          'Se não foi, ignore este e-mail: o sandbox não envia mais nada para este endereço sem que o código seja confirmado.',
          '',
          'Este e-mail foi enviado por um ambiente de testes (sandbox).',
        ].join('\n')
  return {
    subject: lang === 'en' ? 'Confirm this address for the sandbox e-mails' : 'Confirme este endereço para os e-mails do sandbox',
    text: body(code),
    capturedText: body(CODE_KEPT_OUT[lang]),
  }
}
