import type { Lang } from '../../common/language.ts'

/** What the ESIS of an e-mail is of: a simulation (not a credit offer) or a process (the loan under consideration). */
export type EsisSubject = { kind: 'simulation'; simulationNumber: number } | { kind: 'process'; processNumber: number }

const WHAT = {
  simulation: {
    'pt-PT': (n: number) => ({
      title: `simulação de crédito habitação n.º ${n}`,
      of: `da simulação de crédito habitação n.º ${n}`,
      note: 'Descreve o empréstimo simulado e não constitui uma proposta de crédito.',
    }),
    en: (n: number) => ({
      title: `mortgage simulation no. ${n}`,
      of: `of mortgage simulation no. ${n}`,
      note: 'It describes the loan simulated for you and is not a credit offer.',
    }),
  },
  process: {
    'pt-PT': (n: number) => ({
      title: `processo de crédito habitação n.º ${n}`,
      of: `do processo de crédito habitação n.º ${n}`,
      note: 'Descreve o empréstimo em apreciação com os dados atuais do processo e não constitui uma proposta vinculativa.',
    }),
    en: (n: number) => ({
      title: `mortgage process no. ${n}`,
      of: `of mortgage process no. ${n}`,
      note: 'It describes the loan under consideration with the data of the process today and is not a binding offer.',
    }),
  },
}

/** Subject and text of an ESIS e-mail, in the caller's language. */
export function esisMail(subject: EsisSubject, recipientName: string, lang: Lang): { subject: string; body: string } {
  const n = subject.kind === 'simulation' ? subject.simulationNumber : subject.processNumber
  const what = WHAT[subject.kind][lang](n)
  if (lang === 'en') {
    return {
      subject: `ESIS - ${what.title}`,
      body: [
        `Dear ${recipientName},`,
        '',
        `Please find attached the European Standardised Information Sheet (ESIS) ${what.of}.`,
        what.note,
        '',
        'This e-mail was sent by a sandbox (test) environment.',
        '',
        'Banco Sandbox',
      ].join('\n'),
    }
  }
  return {
    subject: `FINE - ${what.title}`,
    body: [
      `Caro(a) ${recipientName},`,
      '',
      `Segue em anexo a Ficha de Informação Normalizada Europeia (FINE) ${what.of}.`,
      what.note,
      '',
      'Este e-mail foi enviado por um ambiente de testes (sandbox).',
      '',
      'Banco Sandbox',
    ].join('\n'),
  }
}
