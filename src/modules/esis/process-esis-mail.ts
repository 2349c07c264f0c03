import type { Lang } from '../../http/language.ts'

/** Subject and text of the process ESIS e-mail, in the caller's language. */
export function processEsisMail(processNumber: number, keyBorrowerName: string, lang: Lang) {
  if (lang === 'en') {
    return {
      subject: `ESIS - mortgage process no. ${processNumber}`,
      body: [
        `Dear ${keyBorrowerName},`,
        '',
        `Please find attached the European Standardised Information Sheet (ESIS) of mortgage process no. ${processNumber}.`,
        'It describes the loan under consideration with the data of the process today and is not a binding offer.',
        '',
        'This e-mail was sent by a sandbox (test) environment.',
        '',
        'Banco Sandbox',
      ].join('\n'),
    }
  }
  return {
    subject: `FINE - processo de crédito habitação n.º ${processNumber}`,
    body: [
      `Caro(a) ${keyBorrowerName},`,
      '',
      `Segue em anexo a Ficha de Informação Normalizada Europeia (FINE) do processo de crédito habitação n.º ${processNumber}.`,
      'Descreve o empréstimo em apreciação com os dados atuais do processo e não constitui uma proposta vinculativa.',
      '',
      'Este e-mail foi enviado por um ambiente de testes (sandbox).',
      '',
      'Banco Sandbox',
    ].join('\n'),
  }
}
