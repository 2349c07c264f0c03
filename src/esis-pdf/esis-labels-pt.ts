import type { EsisLabels } from './esis-label-set.ts'

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

function duration(months: number): string {
  const years = Math.floor(months / 12)
  const rest = months % 12
  const total = plural(months, 'mês', 'meses')
  if (years === 0) return total
  const inYears = plural(years, 'ano', 'anos')
  return rest === 0 ? `${total} (${inYears})` : `${total} (${inYears} e ${plural(rest, 'mês', 'meses')})`
}

/** FINE: Ficha de Informação Normalizada Europeia (Decreto-Lei 74-A/2017, Anexo II). */
export const PT_LABELS: EsisLabels = {
  documentTitle: 'Ficha de Informação Normalizada Europeia (FINE)',
  sandboxBanner: 'SANDBOX — Documento de teste. Não é uma proposta real e não vincula nenhuma instituição.',
  watermark: 'SANDBOX',
  pageOf: (page, total) => `Página ${page} de ${total}`,
  sectionTitles: [
    'Mutuante',
    'Intermediário de crédito',
    'Principais características do empréstimo',
    'Taxa de juro e outros custos',
    'Periodicidade e número de prestações',
    'Montante de cada prestação',
    'Quadro de reembolso ilustrativo',
    'Obrigações adicionais',
    'Reembolso antecipado',
    'Características flexíveis',
    'Outros direitos',
    'Reclamações',
    'Consequências do incumprimento',
    'Informações adicionais',
    'Supervisor',
  ],
  duration,
  notAvailable: '—',
  intro: {
    title: 'Introdução',
    consumer: 'Consumidor(es)',
    issueDate: 'Data de emissão',
    validUntil: 'Informação válida até',
    text: (lender, validUntil) =>
      'Este documento foi elaborado com base na informação prestada pelo consumidor e nas condições ' +
      `atuais do mercado financeiro. A informação é válida até ${validUntil}; depois dessa data pode ` +
      'variar de acordo com as condições de mercado. Este documento não obriga o mutuante ' +
      `(${lender}) a conceder o empréstimo.`,
  },
  lender: {
    name: 'Denominação',
    address: 'Morada',
    website: 'Sítio na internet',
    registration: 'Registo no Banco de Portugal n.º',
  },
  intermediary: {
    name: 'Denominação',
    registration: 'Registo no Banco de Portugal n.º',
    remuneration: 'Remuneração',
    none: 'Não intervém nenhum intermediário de crédito.',
  },
  loan: {
    amount: 'Montante do empréstimo',
    duration: 'Prazo',
    rateType: 'Tipo de taxa de juro',
    purpose: 'Finalidade',
    propertyValue: 'Valor do imóvel',
    ltv: 'Rácio financiamento-garantia (LTV)',
    security: 'Garantia',
    totalInterest: 'Montante total de juros',
    mtic: 'Montante total imputado ao consumidor (MTIC)',
    mticNote: 'O MTIC inclui o capital, os juros e todos os custos do empréstimo (comissões, impostos e seguros) ' + 'durante todo o prazo.',
  },
  rateTypes: { fixed: 'Taxa fixa', variable: 'Taxa variável', mixed: 'Taxa mista' },
  rates: {
    taeg: 'Taxa anual de encargos efetiva global (TAEG)',
    taegNote: 'A TAEG é o custo total do empréstimo expresso em percentagem anual. Permite comparar propostas diferentes.',
    constantIndexNote: 'A TAEG foi calculada assumindo que o indexante se mantém no valor atual durante todo o prazo.',
    tan: 'Taxa anual nominal (TAN)',
    tanFixedPeriod: (months) => `TAN nos primeiros ${months} meses (taxa fixa)`,
    tanAfterFixedPeriod: 'TAN após o período de taxa fixa',
    index: 'Indexante',
    spread: 'Spread',
    oneOffCosts: 'Custos a pagar uma única vez',
    recurringCosts: 'Custos a pagar regularmente',
    perMonth: (amount) => `${amount} por mês`,
    none: 'Nenhum.',
  },
  payments: {
    frequency: 'Periodicidade das prestações',
    frequencies: { monthly: 'Mensal' },
    numberOfPayments: 'Número de prestações',
  },
  instalment: {
    amount: 'Prestação (capital e juros)',
    fixedPeriod: (months) => `Prestação nos primeiros ${months} meses (taxa fixa)`,
    afterFixedPeriod: 'Prestação após o período de taxa fixa',
    recurringCostsNote: 'A prestação não inclui os custos regulares da secção 4 (seguros e outros), que acrescem em cada mês.',
    fixedNote: 'A taxa de juro é fixa durante todo o prazo: o montante da prestação não varia.',
    variableWarning: 'A taxa de juro deste empréstimo pode variar. O montante das prestações pode aumentar ou diminuir ' + 'com o valor do indexante.',
    incomeWarning: 'O seu rendimento pode variar. Pondere se continuará a conseguir pagar as prestações caso o seu rendimento diminua.',
    rateRiseIntro: 'Exemplo: montante da prestação se o indexante subir.',
    rateRiseRow: (points, tan) => `Indexante ${points} (TAN ${tan})`,
  },
  table: {
    intro: 'O quadro mostra, para cada prestação, o montante a pagar, os juros, os outros custos, o capital ' + 'reembolsado e o capital em dívida após o pagamento.',
    constantIndexNote: 'O quadro assume que o indexante se mantém no valor atual; os montantes mudam se a taxa de juro variar.',
    columns: {
      period: 'N.º',
      instalment: 'Prestação',
      interest: 'Juros',
      otherCosts: 'Outros custos',
      capital: 'Capital reembolsado',
      outstanding: 'Capital em dívida',
    },
  },
  obligations: {
    intro: 'Para beneficiar das condições desta ficha, o consumidor tem de contratar e manter:',
    none: 'Não existem obrigações adicionais.',
    breachNote: 'Se deixar de cumprir estas obrigações, a taxa de juro (spread) pode aumentar.',
  },
  earlyRepayment: {
    text: 'Pode reembolsar o empréstimo antecipadamente, no todo ou em parte, com pré-aviso de 10 dias úteis ' + '(reembolso parcial) ou de 30 dias úteis (reembolso total).',
    fee: 'Comissão de reembolso antecipado',
    feeValue: (percent) => `${percent} do capital reembolsado`,
    legalLimits:
      'Limite legal (Decreto-Lei n.º 74-A/2017): 0,5% do capital reembolsado nos contratos de taxa variável ' +
      'e 2% nos contratos de taxa fixa; nos contratos de taxa mista aplica-se o limite da taxa fixa durante ' +
      'o período de taxa fixa.',
  },
  flexibleFeatures: 'Este empréstimo não tem características flexíveis além do reembolso antecipado. Pode transferir o ' + 'empréstimo para outra instituição, nos termos da lei.',
  otherRights: {
    reflection: (days) =>
      `Depois de receber a proposta contratual, dispõe de um período de reflexão de ${days} dias para a ` + 'comparar e decidir. A proposta mantém-se válida durante esse período.',
    draftContract: 'Pode pedir, sem custos, uma minuta do contrato de crédito.',
  },
  complaints: (lender, website) => [
    `Pode apresentar reclamação ao mutuante, ${lender} (${website}), ou no Livro de Reclamações, ` + 'físico ou eletrónico (www.livroreclamacoes.pt).',
    'Pode também reclamar junto do Banco de Portugal, no Portal do Cliente Bancário ' +
      '(clientebancario.bportugal.pt), ou recorrer a uma entidade de resolução alternativa de litígios.',
  ],
  nonCompliance: [
    'Se não pagar as prestações nas datas devidas, são devidos juros de mora e comissões por atraso, ' + 'dentro dos limites legais.',
    'O incumprimento pode levar à resolução do contrato, à execução da hipoteca e à perda do imóvel.',
    'Se tiver dificuldade em pagar, contacte o mutuante logo que possível: pode beneficiar do Plano de Ação ' +
      'para o Risco de Incumprimento (PARI) ou do Procedimento Extrajudicial de Regularização de ' +
      'Situações de Incumprimento (PERSI).',
  ],
  additional: {
    paragraphs: [
      'O contrato de crédito é celebrado em língua portuguesa e rege-se pela lei portuguesa.',
      'Este documento foi gerado por um ambiente de testes (sandbox): os valores são ilustrativos e não ' + 'constituem uma proposta.',
    ],
    simulationId: 'Referência da simulação',
    processNumber: 'Número do processo',
  },
  supervisor: ['O mutuante é supervisionado pelo Banco de Portugal, Rua do Comércio, 148, 1100-150 Lisboa ' + '(www.bportugal.pt).'],
}
