import type { Lang } from '../../http/language.ts'
import type { SimulationRow } from '../simulations/simulations.repository.ts'

/** Subject and text of the ESIS e-mail, in the caller's language. */
export function esisMail(simulation: Pick<SimulationRow, 'simulationNumber' | 'keyBorrowerName'>, lang: Lang) {
  const n = simulation.simulationNumber
  if (lang === 'en') {
    return {
      subject: `ESIS - mortgage simulation no. ${n}`,
      body: [
        `Dear ${simulation.keyBorrowerName},`,
        '',
        `Please find attached the European Standardised Information Sheet (ESIS) of mortgage simulation no. ${n}.`,
        'It describes the loan simulated for you and is not a credit offer.',
        '',
        'This e-mail was sent by a sandbox (test) environment.',
        '',
        'Banco Sandbox',
      ].join('\n'),
    }
  }
  return {
    subject: `FINE - simulação de crédito habitação n.º ${n}`,
    body: [
      `Caro(a) ${simulation.keyBorrowerName},`,
      '',
      `Segue em anexo a Ficha de Informação Normalizada Europeia (FINE) da simulação de crédito habitação n.º ${n}.`,
      'Descreve o empréstimo simulado e não constitui uma proposta de crédito.',
      '',
      'Este e-mail foi enviado por um ambiente de testes (sandbox).',
      '',
      'Banco Sandbox',
    ].join('\n'),
  }
}
